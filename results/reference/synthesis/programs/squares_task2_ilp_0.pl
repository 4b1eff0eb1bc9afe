% Learned by ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/synthesis/reference/squares/tasks/task2
% examples: 200 positive, 200 negative
% scores: TP=123 FN=77 TN=200 FP=0
% time: 0.3 s; search: rule space exhausted
% rules tested: 27
% engine: ilp; max_vars=4 max_body=4 max_clauses=2 timeout=30.0 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 1 clause(s), 4 literals

f(A,B) :- joined_colours(A,B,C), one(D), greaterThan(C,D).
