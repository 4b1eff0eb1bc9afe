% Learned by ilp (gp: genetic programming (DEAP) over the bias's literals)
% task: results/synthesis/reference/rich/tasks/task1
% examples: 200 positive, 200 negative
% scores: TP=88 FN=112 TN=200 FP=0
% time: 15.3 s; search: done
% rules tested: 3434
% engine: gp; max_vars=6 max_body=6 max_clauses=3 features=71 candidates=1653 tree_clauses=3 seed=0 population=100 generations=20 max_height=8 (max_clauses is a hard limit)
% program: 3 clause(s), 12 literals

f(A,B) :- deadEnd(A,B).
f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D).
f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C), one(D).
