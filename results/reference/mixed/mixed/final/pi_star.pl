% pi_star: winner of triage (results/mixed/mixed/triage/v2/stage3.csv), learned as pool_000
% Learned by witness-ilp (learning from failures: clingo generates, SWI-Prolog tests)
% task: results/mixed/mixed/tasks/pool_000
% examples: 2000 positive, 2000 negative
% scores: TP=712 FN=1288 TN=2000 FP=0
% time: 1.6 s; search: rule space exhausted
% rules tested: 280
% engine: witness; max_vars=4 max_body=4 max_clauses=5 timeout=180 eval_timeout=10.0 inferences_per_example=200000 noisy=False (max_clauses is a hard limit)
% program: 5 clause(s), 19 literals

f(A,B) :- joined_colours(A,B,C), two(C).
f(A,B) :- one(C), region_partners(A,B,C).
f(A,B) :- joined_partners(A,B,C), two(D), greaterThan(C,D).
f(A,B) :- uncovered(A,B), part_ends(A,B,C), zero(C).
f(A,B) :- uncovered(A,B), open_dots(A,C), part_dots(A,B,D), greaterThan(C,D).
