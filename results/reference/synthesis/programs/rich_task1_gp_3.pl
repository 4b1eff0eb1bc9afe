% Learned by ilp (gp: genetic programming (DEAP) over the bias's literals)
% task: results/synthesis/reference/rich/tasks/task1
% examples: 200 positive, 200 negative
% scores: TP=91 FN=109 TN=200 FP=0
% time: 16.4 s; search: done
% rules tested: 6138
% engine: gp; max_vars=6 max_body=6 max_clauses=3 features=86 candidates=1628 tree_clauses=3 seed=3 population=100 generations=20 max_height=8 (max_clauses is a hard limit)
% program: 3 clause(s), 12 literals

f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C), two(D).
f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C), one(D).
f(A,B) :- deadEnd(A,B).
