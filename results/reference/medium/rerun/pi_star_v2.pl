% pi_star: winner of triage (results/medium/paper/triage/v2/stage3.csv), learned as train_00012
% Learned by ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/medium/paper/tasks/train_00012
% examples: 500 positive, 50 negative
% scores: TP=208 FN=292 TN=50 FP=0
% time: 2.8 s; search: rule space exhausted
% rules tested: 1829
% engine: ilp; max_vars=7 max_body=6 max_clauses=3 timeout=300 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 2 clause(s), 14 literals

f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), count(C,E,F), greaterThan(D,F), two(F).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), three(D), count(C,E,F), one(F).
