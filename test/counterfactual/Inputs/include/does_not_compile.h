// Forced into a fixture by the self-test: a file that does not compile
// cannot be judged (exit status 2).
int broken = undeclared_name;
