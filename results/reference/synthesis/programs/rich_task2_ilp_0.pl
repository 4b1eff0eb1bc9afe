% Learned by ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/synthesis/reference/rich/tasks/task2
% examples: 200 positive, 200 negative
% scores: TP=133 FN=67 TN=200 FP=0
% time: 1.0 s; search: rule space exhausted
% rules tested: 738
% engine: ilp; max_vars=6 max_body=6 max_clauses=3 timeout=30.0 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 3 clause(s), 12 literals

f(A,B) :- deadEnd(A,B).
f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C).
f(A,B) :- needed(A,B,C), square(B,D,E), greaterThan(D,C), square(B,F,E), one(F).
