"""What the integration test scripts share: one line per verdict, the
failed ones collected (the script exits 1 when any failed)."""

problems = []


def check(cond, what, detail=""):
    print(("ok:   " if cond else "FAIL: ") + what, flush=True)
    if not cond:
        problems.append(what)
        if detail:
            print(detail[-4000:])
