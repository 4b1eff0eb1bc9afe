% Learned by witness-ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/stars/stars/tasks/pool_000
% examples: 2000 positive, 2000 negative
% scores: TP=1032 FN=968 TN=2000 FP=0
% time: 2.9 s; search: rule space exhausted
% rules tested: 12
% engine: witness; max_vars=4 max_body=3 max_clauses=2 timeout=180 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 2 clause(s), 8 literals

f(A,B) :- joined_partners(A,B,C), two(D), greaterThan(C,D).
f(A,B) :- region_partners(A,B,C), two(D), greaterThan(D,C).
