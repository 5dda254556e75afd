"""The web chat behind `profilechat chat`: ui.app serves the page, ui.format writes its HTML."""
