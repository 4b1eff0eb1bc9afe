% pi_star: winner of triage (results/rich/rich/triage/v1/stage3.csv), learned as pool_003
% Learned by witness-ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/rich/rich/tasks/pool_003
% examples: 2000 positive, 4535 negative
% scores: TP=1749 FN=251 TN=4535 FP=0
% time: 22.1 s; search: rule space exhausted
% rules tested: 1179
% engine: witness; max_vars=6 max_body=6 max_clauses=3 timeout=600 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 3 clause(s), 11 literals

f(A,B) :- deadEnd(A,B).
f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C).
f(A,B) :- path(A,C), square(B,D,E), count(E,C,F), greaterThan(F,D).
