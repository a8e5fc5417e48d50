"""Words as the lookup compares them: folded (no case, no accents), split, stemmed per language.

The Snowball stemmers (``snowballstemmer``, which uses PyStemmer's C code when it is
installed) map "palaces"/"palace" and "palacios"/"palacio" onto one stem each.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any

import snowballstemmer

_STEMMER_NAMES = {"en": "english", "es": "spanish"}
_WORD = re.compile(r"[a-z0-9]+")
# English contractions, with or without the apostrophe players often leave out ("dont"): split
# at the apostrophe, "won't" would be "won" (as in "who won") and a stray "t". Written out, they
# are the words the filler and the kinds of question know ("can not", "do not"); "cannot" too.
_APOSTROPHE = "'\u2019\u00b4`"
_CONTRACTED = re.compile(
    rf"\b(do|does|did|is|are|was|were|has|have|had|could|should|would|must|need|ca|wo)n[{_APOSTROPHE}]?t\b"
    r"|\bcannot\b"
)
_SPELLED = {"ca": "can", "wo": "will"}
# The other clitics go: "what's", "player's" (a possessive, or "is"/"has"), "we're", "I'll".
_CLITIC = re.compile(rf"[{_APOSTROPHE}](?:s|re|ve|ll|d|m)\b")


def _spelled(m: re.Match[str]) -> str:
    verb = m.group(1) or "ca"  # no group: "cannot"
    return f"{_SPELLED.get(verb, verb)} not"


def words(text: str) -> list[str]:
    """The folded words of a text, in order ("¿Qué pasa?" -> ["que", "pasa"]; "won't" ->
    ["will", "not"]; "player's" -> ["player"]).

    The same folding as ``rulebook.fold`` (no case, no accents), done as one ASCII encode:
    what has no ASCII form after decomposition ("¿", "…") is never part of a word anyway.
    English contractions are written out first; no Spanish word has their forms.
    """
    folded = _CLITIC.sub("", _CONTRACTED.sub(_spelled, text.casefold()))
    ascii_text = unicodedata.normalize("NFKD", folded).encode("ascii", "ignore").decode()
    return _WORD.findall(ascii_text)


@cache
def _stemmer(lang: str) -> Any:
    return snowballstemmer.stemmer(_STEMMER_NAMES[lang])


@cache
def _dictionary(lang: str) -> dict[str, int]:
    """The words of the language, folded, with how often each was met: pyspellchecker's word list
    and counts, read on the first typo (a folded form two words share, "acción"/"accion", has
    the higher count).

    Read straight from the package's file: its SpellChecker object takes three times as long.
    Imported here: a question whose words the index knows never needs the list.
    """
    import gzip
    import json
    from importlib import resources

    data = resources.files("spellchecker").joinpath("resources", f"{lang}.json.gz").read_bytes()
    known: dict[str, int] = json.loads(gzip.decompress(data))
    # Most entries are plain ASCII: only the others need folding (which is the slow part).
    out = {w: n for w, n in known.items() if w.isascii()}
    for w, n in known.items():
        if not w.isascii():
            for folded in words(w):
                if out.get(folded, 0) < n:
                    out[folded] = n
    return out


def is_word(word: str, lang: str) -> bool:
    """Whether a folded word is a word of the language (so not a typo to correct): one the word
    list holds, unless the entry is an ending ("ación", "-amente": is_ending)."""
    return word in _dictionary(lang) and not is_ending(word, lang)


@cache
def _least(lang: str) -> int:
    """The word list's least count: what it gives the words it holds without having met them in
    its texts (most of them, from a lexicon: "laos", "supra", "holm", "cogecha")."""
    return min(_dictionary(lang).values())


# An entry of the word list that ends at least this many of its other words is an ending the
# lexicon lists ("ación" ends 1,478, "amente" 1,671, "amiento" 1,029), not a word a player types
# as such: "acion" is a slip of "acción". The next ones down are words ("llar" 340, "tero" 314).
_ENDING = 1000


@cache
def is_ending(word: str, lang: str) -> bool:
    """Whether a word the list holds at its least count ends so many of its words that it is an
    ending, not a word (read only for such entries: a scan of the list, about 10 ms)."""
    known = _dictionary(lang)
    if known.get(word) != _least(lang):
        return False
    return sum(1 for w in known if w.endswith(word)) > _ENDING


# Words the Snowball stemmer gives one stem though players mean two things: Spanish "negociar"
# (to trade) and "negocio" (a Chinatown business) both become "negoci"; "caso" (a case: "en ese
# caso") and "casa" (a house, Dragon's word for a palace) both "cas"; "comida" (food, Dragon's
# rice) and "como" (filler: "how", "as") both "com", so every "como" in a rule counted as rice;
# "válida" (a valid layout) and "vale" (worth: points, in Dragon's synonyms) both "val".
# Prefix -> own stem.
_APART: dict[str, dict[str, str]] = {
    "en": {},
    "es": {"negocia": "negocia", "caso": "caso", "comida": "comida", "valid": "valid"},
}


# Spanish verbs whose stressed forms change their root ("muestra" / "mostrar", "cuesta" /
# "costar", "pierde" / "perder", "elige" / "elegir"): Snowball gives them two stems, so "se
# muestra" never met a rule that says "mostrar". Stem of the stressed forms -> the infinitive's.
# Only verbs whose two stems name nothing else in the rules ("juega" is left out: "juego" is the
# game, not a move).
_SAME: dict[str, dict[str, str]] = {
    "en": {},
    "es": {
        "muestr": "mostr",
        "cuent": "cont",
        "cuest": "cost",
        "vuelv": "volv",
        "devuelv": "devolv",
        "muev": "mov",
        "pierd": "perd",
        "empiez": "empez",
        "comienz": "comenz",
        "encuentr": "encontr",
        "suelt": "solt",
        "prueb": "prob",
        "cierr": "cerr",
        "sirv": "serv",
        "pid": "ped",
        "elig": "eleg",
        "sig": "segu",
    },
}


@cache
def stem(word: str, lang: str) -> str:
    """The stem of one folded word; cached because the same few thousand words recur."""
    for prefix, own in _APART[lang].items():
        if word.startswith(prefix):
            return own
    found = _stemmer(lang).stemWord(word)
    return _SAME[lang].get(found, found)


def stems(text: str, lang: str) -> list[str]:
    return [stem(w, lang) for w in words(text)]


@cache
def word_stems(written: str, lang: str) -> frozenset[str]:
    """The stems of one word as the rule text writes it ("Sequía" -> {"sequi"}), cached."""
    return frozenset(stems(written, lang))
