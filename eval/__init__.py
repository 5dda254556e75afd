"""The offline eval: run eval sets through the assistant and score answers without a judge model."""

from eval.harness import Case, EvalError, EvalSet, Run, load_cases, resolve_set, run_set
from eval.metrics import CaseResult, aggregate

__all__ = [
    "Case", "CaseResult", "EvalError", "EvalSet", "Run", "aggregate", "load_cases",
    "resolve_set", "run_set",
]
