"""Bias text shared by the ILP tests."""

# Popper's way to forbid singleton variables (the project's bias/*.pl have the same line)
NO_SINGLETONS = (
    "\n:- body_var(C,V), not head_var(C,V), "
    "#count{P,Vars : body_literal(C,P,_,Vars), var_member(V,Vars)} == 1.\n"
)
