% Kinship: a small family tree over three generations and more.
parent(ann, bob).   parent(ann, carl).
parent(bob, dave).  parent(bob, eve).
parent(carl, fred).
parent(dave, gina). parent(eve, hank).
parent(fred, ivy).  parent(fred, jack).
parent(kate, bob).  parent(leo, kate).

male(bob). male(carl). male(dave). male(fred). male(hank). male(jack). male(leo).
female(ann). female(eve). female(gina). female(ivy). female(kate).
