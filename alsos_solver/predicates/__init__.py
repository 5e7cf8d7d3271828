"""The predicate language: conditions and numbers over a deal's hands (docs/predicates.md).

``Expression.parse(text, want="bool")`` reads and type-checks a text (our own tokenizer
and recursive-descent parser; user text is never evaluated as Python);
``expression.bind(Context(spec, contract, declarer))`` makes it a function of the cards.
The dealer's ``--where`` and the statistics' groupings share this vocabulary.
"""

from .bind import Atom, Bound, Expression, bind_all
from .errors import NotApplicable, PredicateError
from .features import FEATURES, Context, Feature, Type

__all__ = [
    "Atom", "Bound", "Context", "Expression", "FEATURES", "Feature", "NotApplicable",
    "PredicateError", "Type", "bind_all",
]
