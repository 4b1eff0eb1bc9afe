% pi_star: winner of triage (results/medium/paper/triage/v1/stage3.csv), learned as train_00046
% Learned by witness-ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/medium/paper/tasks/train_00046
% examples: 372 positive, 230 negative
% scores: TP=142 FN=230 TN=230 FP=0
% time: 4.9 s; search: rule space exhausted
% rules tested: 1601
% engine: witness; max_vars=7 max_body=6 max_clauses=3 timeout=300 eval_timeout=10.0 inferences_per_example=200000 (max_clauses is a hard limit)
% program: 3 clause(s), 19 literals

f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), count(C,E,F), greaterThan(D,F), two(F).
f(A,B) :- notAdjacent(A,B), path(A,C), square(B,D,E), three(D), count(C,E,F), one(F).
