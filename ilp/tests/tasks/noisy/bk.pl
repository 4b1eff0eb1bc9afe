% Who is happy? Rich people, and people married to someone kind.
rich(ann). rich(bob). rich(cid).
married(dee, eve). married(fay, hal). married(gus, ivy). married(jon, kim).
married(lea, max).
kind(eve). kind(kim). kind(ann).
