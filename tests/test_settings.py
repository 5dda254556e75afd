"""The README's settings table and the Settings object must agree."""

import re

from conftest import REPO

from assistant.settings import Settings, load_settings


def test_readme_table_lists_every_setting_with_its_description() -> None:
    readme = (REPO / "README.md").read_text()
    table = readme.split("<!-- settings-table -->")[1].split("<!-- /settings-table -->")[0]
    documented = dict(re.findall(r"\| `PROFILECHAT_(\w+)` \| [^|]+ \| ([^|]+) \|", table))
    fields = {name.upper(): f.description for name, f in Settings.model_fields.items()}
    assert set(documented) == set(fields)
    for name, description in fields.items():
        assert documented[name].strip() == description


def test_environment_variables_configure_settings(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("PROFILECHAT_HOME", str(tmp_path))
    monkeypatch.setenv("PROFILECHAT_LLM", "extractive")
    settings = load_settings(chroma_url=None)
    assert settings.home == tmp_path and settings.llm == "extractive"
    assert load_settings(llm="openai").llm == "openai"
