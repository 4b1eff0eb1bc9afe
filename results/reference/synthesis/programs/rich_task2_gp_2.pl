% Learned by ilp (gp: genetic programming (DEAP) over the bias's literals)
% task: results/synthesis/reference/rich/tasks/task2
% examples: 200 positive, 200 negative
% scores: TP=140 FN=60 TN=200 FP=0
% time: 15.2 s; search: done
% rules tested: 6138
% engine: gp; max_vars=6 max_body=6 max_clauses=3 features=102 candidates=1621 tree_clauses=3 seed=2 population=100 generations=20 max_height=8 (max_clauses is a hard limit)
% program: 3 clause(s), 12 literals

f(A,B) :- addable(A,B,C), needed(A,B,D), greaterThan(D,C).
f(A,B) :- deadEnd(A,B).
f(A,B) :- addable(A,B,C), square(B,D,E), one(D), count(E,E,F), greaterThan(F,C).
