% Learned by witness-ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/dots/dots/tasks/pool_001
% examples: 2000 positive, 2000 negative
% scores: TP=986 FN=1014 TN=2000 FP=0
% time: 1.5 s; search: rule space exhausted
% rules tested: 68
% engine: witness; max_vars=4 max_body=4 max_clauses=3 timeout=180 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 2 clause(s), 9 literals

f(A,B) :- uncovered(A,B), part_ends(A,B,C), zero(C).
f(A,B) :- uncovered(A,B), open_dots(A,C), part_dots(A,B,D), greaterThan(C,D).
