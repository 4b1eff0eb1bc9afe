% Learned by witness-ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/squares/squares/tasks/pool_000
% examples: 2000 positive, 2000 negative
% scores: TP=1235 FN=765 TN=2000 FP=0
% time: 4.7 s; search: rule space exhausted
% rules tested: 27
% engine: witness; max_vars=4 max_body=4 max_clauses=2 timeout=180 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 1 clause(s), 4 literals

f(A,B) :- joined_colours(A,B,C), one(D), greaterThan(C,D).
