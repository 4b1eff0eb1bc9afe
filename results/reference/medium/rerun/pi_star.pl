% pi_star: winner of triage (results/medium/paper/triage/v1/stage3.csv), learned as train_00014
% Learned by ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/medium/paper/tasks/train_00014
% examples: 2000 positive, 1570 negative
% scores: TP=602 FN=1398 TN=1570 FP=0
% time: 6.7 s; search: rule space exhausted
% rules tested: 1924
% engine: ilp; max_vars=7 max_body=6 max_clauses=3 timeout=300 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 3 clause(s), 19 literals

f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), count(C,E,F), greaterThan(D,F), two(F).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), three(D), count(C,E,F), one(F).
