"""Prints what each construction of the named function resolves to, from
dispatch-resolve's JSON: `<line of the construction>: <signature> (<line of
the constructor or implicit>)`, one per line, in source order."""
import json
import sys

text, caller = sys.stdin.read(), sys.argv[1]
decoder, pos, docs = json.JSONDecoder(), 0, []
while pos < len(text):
    while pos < len(text) and text[pos].isspace():
        pos += 1
    if pos < len(text):
        doc, pos = decoder.raw_decode(text, pos)
        docs.append(doc)
rows = set()
for doc in docs:
    for call in doc.get("calls", []):
        if caller + "(" not in str(call.get("context", "")):
            continue
        callee = call["callee"]
        where = "implicit" if callee["implicit"] else "line %d" % callee["decl"]["line"]
        rows.add((call["begin"]["line"], "%s (%s)" % (callee["signature"], where)))
for line, text in sorted(rows):
    print("%d: %s" % (line, text))
