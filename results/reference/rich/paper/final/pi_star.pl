% pi_star: winner of triage (results/rich/paper/triage/v1/stage3.csv), learned as pool_006
% Learned by witness-ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/rich/paper/tasks/pool_006
% examples: 2000 positive, 781 negative
% scores: TP=987 FN=1013 TN=781 FP=0
% time: 16.3 s; search: rule space exhausted
% rules tested: 2230
% engine: witness; max_vars=7 max_body=6 max_clauses=3 timeout=600 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 3 clause(s), 19 literals

f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), count(E,C,F), greaterThan(D,F), two(F).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), three(D), count(E,C,F), one(F).
