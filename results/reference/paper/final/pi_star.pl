% pi_star: winner of triage (results/paper/paper/triage/v1/stage3.csv), learned as train_00448
% Learned by witness-ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/paper/paper/tasks/train_00448
% examples: 2000 positive, 56 negative
% scores: TP=751 FN=1249 TN=56 FP=0
% time: 12.7 s; search: rule space exhausted
% rules tested: 1995
% engine: witness; max_vars=7 max_body=6 max_clauses=3 timeout=600 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 3 clause(s), 19 literals

f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), count(C,E,F), greaterThan(D,F), two(F).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), three(D), count(C,E,F), one(F).
