% Learned by ilp (gp: genetic programming (DEAP) over the bias's literals)
% task: results/synthesis/reference/paper/tasks/task2
% examples: 200 positive, 200 negative
% scores: TP=37 FN=163 TN=200 FP=0
% time: 15.3 s; search: done
% rules tested: 4390
% engine: gp; max_vars=7 max_body=6 max_clauses=3 features=40 candidates=1632 tree_clauses=3 seed=5 population=100 generations=20 max_height=8 (max_clauses is a hard limit)
% program: 3 clause(s), 18 literals

f(A,B) :- path(A,C), count(C,C,D), square(B,E,F), count(F,F,D), three(E).
f(A,B) :- path(A,C), square(B,D,E), one(D), count(C,E,F), gte(F,D).
f(A,B) :- path(A,C), square(B,D,E), count(C,E,F), greaterThan(F,D), three(F).
