"""The counterfactual harness: verify what the dispatch-* checks claim about
overload resolution by compiling again without the template they name.

locations  source locations and how claims spell them
resolve    running dispatch-resolve, on the file as written and with a
           declaration blanked out
claims     the checks' claims, from clang-tidy's output or a JSON file
judge      pairing calls across compiles, ground truth, verdicts
report     text and JSON output
"""
