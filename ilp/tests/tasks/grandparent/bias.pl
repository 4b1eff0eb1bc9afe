% No types and no directions: the BK is all facts, any call pattern works.
head_pred(grandparent,2).
body_pred(parent,2).
body_pred(male,1).
body_pred(female,1).
max_vars(4).
max_body(3).
max_clauses(2).
