% Learned by ilp (gp: genetic programming (DEAP) over the bias's literals)
% task: results/synthesis/reference/rich/tasks/task0
% examples: 200 positive, 200 negative
% scores: TP=94 FN=106 TN=200 FP=0
% time: 16.6 s; search: done
% rules tested: 4594
% engine: gp; max_vars=6 max_body=6 max_clauses=3 features=117 candidates=1596 tree_clauses=3 seed=1 population=100 generations=20 max_height=8 (max_clauses is a hard limit)
% program: 3 clause(s), 13 literals

f(A,B) :- deadEnd(A,B).
f(A,B) :- path(A,C), square(B,D,E), one(D), count(C,E,F), greaterThan(F,D).
f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C), one(D).
