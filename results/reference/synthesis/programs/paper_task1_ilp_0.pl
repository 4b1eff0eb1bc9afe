% Learned by ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/synthesis/reference/paper/tasks/task1
% examples: 200 positive, 200 negative
% scores: TP=52 FN=148 TN=200 FP=0
% time: 5.5 s; search: rule space exhausted
% rules tested: 2005
% engine: ilp; max_vars=7 max_body=6 max_clauses=3 timeout=30.0 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 3 clause(s), 19 literals

f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), count(C,E,F), greaterThan(D,F), two(F).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), three(D), count(C,E,F), one(F).
