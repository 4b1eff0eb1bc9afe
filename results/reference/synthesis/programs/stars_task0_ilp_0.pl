% Learned by ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/synthesis/reference/stars/tasks/task0
% examples: 200 positive, 200 negative
% scores: TP=118 FN=82 TN=200 FP=0
% time: 0.3 s; search: rule space exhausted
% rules tested: 12
% engine: ilp; max_vars=4 max_body=3 max_clauses=2 timeout=30.0 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 2 clause(s), 8 literals

f(A,B) :- joined_partners(A,B,C), two(D), greaterThan(C,D).
f(A,B) :- region_partners(A,B,C), two(D), greaterThan(D,C).
