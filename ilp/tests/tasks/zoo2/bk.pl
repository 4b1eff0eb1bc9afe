% Animals and what they eat.
venomous(cobra). venomous(scorpion). venomous(jellyfish).
carnivore(lion). carnivore(tiger). carnivore(bear). carnivore(orca).
carnivore(cat). carnivore(fox). carnivore(cobra). carnivore(scorpion).
large(lion). large(tiger). large(bear). large(orca). large(elephant). large(cow).
small(cat). small(mosquito). small(tick). small(ant). small(sparrow). small(scorpion).
herbivore(elephant). herbivore(cow). herbivore(rabbit).
human(bob). human(sue).
eats(mosquito, bob). eats(tick, sue). eats(tick, fox).
eats(sparrow, worm). eats(ant, leaf). eats(fox, rabbit). eats(cat, sparrow).
eats(lion, cow). eats(orca, fish). eats(frog, fly).
