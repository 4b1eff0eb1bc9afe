% pi_star: winner of triage (results/rich/rich/triage/v1/stage3.csv), learned as pool_000
% Learned by witness-ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/rich/rich/tasks/pool_000
% examples: 2000 positive, 4754 negative
% scores: TP=1702 FN=298 TN=4754 FP=0
% time: 52.5 s; search: rule space exhausted
% rules tested: 1195
% engine: witness; max_vars=6 max_body=6 max_clauses=3 timeout=600 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 3 clause(s), 11 literals

f(A,B) :- deadEnd(A,B).
f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C).
f(A,B) :- path(A,C), square(B,D,E), count(E,C,F), greaterThan(F,D).
