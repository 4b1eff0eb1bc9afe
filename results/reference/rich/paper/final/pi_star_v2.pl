% pi_star: winner of triage (results/rich/paper/triage/v2/stage3.csv), learned as pool_001
% Learned by witness-ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/rich/paper/tasks/pool_001
% examples: 2000 positive, 3067 negative
% scores: TP=833 FN=1167 TN=3067 FP=0
% time: 22.3 s; search: rule space exhausted
% rules tested: 2446
% engine: witness; max_vars=7 max_body=6 max_clauses=3 timeout=600 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 3 clause(s), 19 literals

f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), three(D), count(C,E,F), one(F).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), three(D), count(C,E,F), two(F).
