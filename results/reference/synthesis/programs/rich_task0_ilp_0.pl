% Learned by ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/synthesis/reference/rich/tasks/task0
% examples: 200 positive, 200 negative
% scores: TP=107 FN=93 TN=200 FP=0
% time: 4.0 s; search: rule space exhausted
% rules tested: 1116
% engine: ilp; max_vars=6 max_body=6 max_clauses=3 timeout=30.0 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 3 clause(s), 11 literals

f(A,B) :- deadEnd(A,B).
f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C).
f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
