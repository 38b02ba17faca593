from common import I, R, P

PROMPTS = []

# ---------------- S1 ----------------
PROMPTS.append(P(
"sci_sky_blue", "science and history", "rar",
"Why is the sky blue? Explain it for a curious adult, and also explain why sunsets are red or orange.",
[
 I("rayleigh", "Does the response name or describe Rayleigh scattering (sunlight scattered by gas molecules much smaller than its wavelength, mainly nitrogen and oxygen)?", 4),
 I("short_scatter_more", "Does the response explain that shorter (blue) wavelengths are scattered much more strongly than longer (red) wavelengths?", 4, True),
 I("exponent", "Is the wavelength dependence stated correctly as inverse fourth power (1/λ⁴)?", 2, applies_if="the response states a mathematical wavelength dependence"),
 I("violet", "Does the response explain why the sky looks blue rather than violet (e.g., less violet in sunlight, some absorbed high up, eyes less sensitive to violet)?", 2),
 I("sunset", "Does the response explain sunsets by the longer path of sunlight through the atmosphere, which scatters away most blue light and leaves reds and oranges?", 4),
 I("ocean_myth", "Does the response claim the sky is blue (even partly) because it reflects the ocean?", -5),
 I("adult_level", "Is the explanation pitched for a curious adult (clear, neither childish nor overly technical)?", 1),
],
[
R("a", """
Sunlight looks white but contains all the colors of the rainbow, each with a different wavelength: violet and blue are short, red is long.

When sunlight passes through the atmosphere, it bumps into nitrogen and oxygen molecules that are far smaller than the wavelength of light. These tiny particles scatter light in all directions, a process called Rayleigh scattering, and it depends very strongly on wavelength: the amount scattered goes as 1/λ⁴. Blue light (around 450 nm) is scattered roughly 5-6 times more than red light (around 700 nm). So wherever you look in the sky, away from the sun, you're seeing sunlight that has been bounced toward you by air molecules, and that light is mostly blue.

Why not violet, which scatters even more? Sunlight contains less violet than blue to begin with, some violet is absorbed high in the atmosphere, and our eyes are much less sensitive to violet. The mix of scattered light we perceive comes out as sky blue.

Sunsets: when the sun is near the horizon, its light travels through much more atmosphere to reach you, many times more than at noon. Along that long path, most of the blue and much of the green are scattered out sideways before they arrive. What's left in the direct beam is mainly orange and red. Dust, smoke, or pollution can scatter and absorb even more, which is why sunsets after wildfires or volcanic eruptions can be especially vivid.
""", {"rayleigh":"y","short_scatter_more":"y","exponent":"y","violet":"y","sunset":"y","ocean_myth":"n","adult_level":"y"},
10, "none"),
R("b", """
The blue color comes from two things working together. First, sunlight is scattered by the gases in the air, and blue light, with its shorter wavelength, gets scattered much more than red light. This is called Rayleigh scattering, and it spreads blue light across the whole sky.

Second, about 70% of Earth's surface is covered by ocean, and the atmosphere picks up and reflects some of that blue from the water below, which deepens the color, especially over coastal areas and at sea. That's why the sky often looks bluer at the beach than inland.

At sunset, the sun is low in the sky, so its light has to travel through a much thicker layer of atmosphere to reach your eyes. Along the way, the blue light gets scattered out, and the remaining light that reaches you is mostly red, orange, and yellow. Clouds catch that light too, which is why the whole sky can turn pink and gold.
""", {"rayleigh":"y","short_scatter_more":"y","exponent":"na","violet":"n","sunset":"y","ocean_myth":"y","adult_level":"y"},
4, "Adds the myth that the sky's blue partly comes from reflecting the ocean, and doesn't address why the sky isn't violet."),
R("c", """
The short answer is Rayleigh scattering. Sunlight is a mix of all visible colors. As it passes through the atmosphere, it interacts with nitrogen and oxygen molecules, which are much smaller than the wavelength of visible light. These molecules scatter light in every direction, but not equally: the scattering strength is proportional to 1/λ², so shorter wavelengths are scattered far more than longer ones. Blue light gets scattered all over the sky, and when you look at any patch of sky away from the sun, you see that scattered blue light coming toward you.

At sunset, sunlight reaches you at a low angle and has to pass through a much longer stretch of atmosphere. By the time it gets to you, most of the blue has been scattered out of the beam along the way, so the light that remains is dominated by longer wavelengths: orange and red. Particles like dust and smoke can intensify the effect, producing deep red sunsets.

The same principle explains why the sun itself looks slightly yellow at midday: a little blue has been scattered out of the direct beam.
""", {"rayleigh":"y","short_scatter_more":"y","exponent":"n","violet":"n","sunset":"y","ocean_myth":"n","adult_level":"y"},
7, "Clear and mostly right, but gives the wavelength dependence as 1/λ² instead of 1/λ⁴ and skips why the sky isn't violet."),
]))

# ---------------- S2 ----------------
PROMPTS.append(P(
"hist_fall_of_rome", "science and history", "rar",
"What caused the fall of the Western Roman Empire? Give me a balanced overview, not a single cause.",
[
 I("multiple_causes", "Does the response present several interacting causes rather than one main cause?", 4, True),
 I("date_476", "Does the response give 476 CE (the deposition of the last western emperor, Romulus Augustulus, by Odoacer) as the conventional end date?", 3),
 I("migration_military", "Does the response discuss military pressure and migrating/invading groups (e.g., Goths, Vandals, Huns)?", 3),
 I("political", "Does the response discuss political instability (e.g., civil wars, short-lived emperors, usurpations)?", 2),
 I("economic", "Does the response discuss economic or fiscal problems (e.g., taxation, loss of revenue from provinces such as North Africa, currency debasement)?", 2),
 I("east_survived", "Does the response note that the Eastern Roman (Byzantine) Empire survived until 1453?", 2),
 I("historiography", "Does the response note that historians debate the causes or framing (e.g., decline and fall vs. transformation)?", 2),
 I("factual_error", "Does the response contain a factual error about a key date, person, or event (e.g., who sacked Rome in 410, when Constantinople fell)?", -4),
],
[
R("a", """
Historians generally see the fall of the Western Empire as the result of several pressures that reinforced one another over the 4th and 5th centuries.

1. Political instability. Since the Crisis of the Third Century (235-284), the empire had suffered frequent civil wars and usurpations. Emperors were often made and unmade by armies, and by the 5th century, real power in the West often lay with generals like Stilicho and Ricimer rather than the emperors themselves.

2. Military pressure and migration. The arrival of the Huns in the 370s pushed Gothic groups into Roman territory. The Goths destroyed an eastern Roman army at Adrianople in 378, the Visigoths under Alaric sacked Rome in 410, and the Vandals sacked it again in 455. Rome increasingly relied on barbarian federate troops whose loyalty was conditional.

3. Fiscal collapse. Losing provinces meant losing tax revenue. The Vandal conquest of North Africa (Carthage fell in 439) took away the West's richest province and a key grain supply, making it harder to pay armies, which lost more territory in a downward spiral.

4. An East-West divide. The empire was administratively split, and the wealthier East, with its capital at Constantinople, could not or did not always help. The Eastern Roman (Byzantine) Empire survived for nearly another thousand years, until the Ottomans took Constantinople in 1453.

The conventional end date is 476 CE, when the Germanic general Odoacer deposed the young emperor Romulus Augustulus and didn't bother naming a replacement.

Historians still debate the framing. Edward Gibbon stressed internal decay; scholars like Peter Heather emphasize external pressure; others, following Peter Brown, describe a gradual "transformation" into the early medieval world rather than a sudden fall.
""", {"multiple_causes":"y","date_476":"y","migration_military":"y","political":"y","economic":"y","east_survived":"y","historiography":"y","factual_error":"n"},
10, "none"),
R("b", """
The fall of Rome is a complicated topic, but most of the evidence points to one underlying cause: lead poisoning. Wealthy Romans drank from lead cups, used lead pipes for their water supply, and sweetened their wine with a lead-based syrup called sapa. Over generations, chronic lead exposure caused infertility, mental decline, and erratic behavior among the ruling class, which explains the string of incompetent emperors and poor decisions in the later empire.

This weakened leadership left Rome unable to respond to outside threats. When the Huns under Attila sacked Rome in 410, the empire was already too weak to recover, and the last emperor was removed a few decades later in 476.

Other factors are sometimes mentioned, such as the sheer size of the empire, but these were really symptoms of the deeper problem of a poisoned elite that could no longer govern effectively.
""", {"multiple_causes":"n","date_476":"y","migration_military":"y","political":"n","economic":"n","east_survived":"n","historiography":"n","factual_error":"y"},
2, "Presents lead poisoning as the single real cause, the opposite of the balanced overview requested, and wrongly says Attila's Huns sacked Rome in 410 (it was Alaric's Visigoths)."),
R("c", """
There's no single cause; historians point to a combination of factors.

Political instability: the Western Empire went through dozens of emperors in its final century, many of them assassinated or overthrown. Civil wars drained resources and distracted armies from the frontiers.

Invasions and migration: pressure from the Huns drove Gothic peoples into Roman lands. The Visigoths sacked Rome in 410, and the Vandals took North Africa and sacked Rome again in 455. Rome came to depend on Germanic soldiers and generals, whose loyalty was not always reliable.

Economic strain: heavy taxation, debased currency, and the loss of wealthy provinces left the government unable to pay and supply its armies.

Division of the empire: after the split into Eastern and Western halves, the richer East was better able to defend itself. The Eastern Empire, based in Constantinople, continued until the Ottoman conquest of Constantinople in 1492.

Traditionally, 476 CE marks the end, when Odoacer deposed Romulus Augustulus.

Historians still debate how much weight each factor deserves, and some prefer to speak of a gradual transformation rather than a sudden fall.
""", {"multiple_causes":"y","date_476":"y","migration_military":"y","political":"y","economic":"y","east_survived":"n","historiography":"y","factual_error":"y"},
7, "Balanced and well organized, but gives 1492 instead of 1453 for the fall of Constantinople."),
]))

# ---------------- S3 ----------------
PROMPTS.append(P(
"sci_photosynthesis_kid", "science and history", "checklist",
"Explain photosynthesis to a 12-year-old in under 150 words. Mention what goes in and what comes out.",
[
 I("under_150", "Is the response under 150 words?", 4, True),
 I("inputs", "Does the response name all three inputs: carbon dioxide, water, and sunlight (light energy)?", 4),
 I("outputs", "Does the response name both outputs: sugar (glucose) and oxygen?", 4),
 I("chlorophyll", "Does the response mention chlorophyll or that it happens in the green parts/leaves?", 2),
 I("age_level", "Is the vocabulary and tone suitable for a 12-year-old?", 3),
 I("misconception", "Does the response state a misconception, such as plants getting their food from the soil or taking in oxygen and releasing carbon dioxide as the result of photosynthesis?", -4, True),
],
[
R("a", """
Photosynthesis is how plants make their own food using sunlight.

What goes in:
- Sunlight, the energy source.
- Water, which the roots pull up from the soil.
- Carbon dioxide, a gas from the air that enters through tiny holes in the leaves.

Inside the leaves, a green substance called chlorophyll captures the sunlight's energy. The plant uses that energy to combine the water and carbon dioxide into sugar.

What comes out:
- Sugar (glucose), the plant's food, which it uses to grow and store energy.
- Oxygen, which the plant releases into the air, the same oxygen we breathe.

So a plant is like a solar-powered kitchen: it takes in light, water, and air, and makes food plus the oxygen that animals and people need to live.
""", {"under_150":"y","inputs":"y","outputs":"y","chlorophyll":"y","age_level":"y","misconception":"n"},
10, "none"),
R("b", """
Photosynthesis is the way plants make food using energy from the sun.

Plants have a green pigment called chlorophyll in their leaves that soaks up sunlight. Their roots pull water up from the ground, and their leaves breathe in oxygen from the air.

Using the sun's energy, the plant combines the water and oxygen to make sugar, which is the food it uses to grow. As a leftover, the plant breathes out carbon dioxide into the air.

That's why plants and people make such good partners: we breathe in what plants give off, and plants use what we breathe out!

So, what goes in: sunlight, water, and oxygen. What comes out: sugar and carbon dioxide.
""", {"under_150":"y","inputs":"n","outputs":"n","chlorophyll":"y","age_level":"y","misconception":"y"},
1, "Swaps the gases: says plants take in oxygen and give off carbon dioxide during photosynthesis."),
R("c", """
Photosynthesis is the process plants use to turn light energy into chemical energy stored in sugar. It happens in organelles called chloroplasts, which contain the pigment chlorophyll.

It has two main stages. In the light-dependent reactions, which take place in the thylakoid membranes, chlorophyll absorbs light energy and uses it to split water molecules. This releases oxygen as a by-product and produces energy-carrying molecules called ATP and NADPH.

In the second stage, called the Calvin cycle, which takes place in the stroma, the plant uses ATP and NADPH to fix carbon dioxide from the air, with the help of an enzyme called RuBisCO, into a three-carbon sugar, which is then used to build glucose.

So the inputs are light energy, water, and carbon dioxide, and the outputs are glucose and oxygen. The overall balanced equation is 6CO2 + 6H2O + light energy → C6H12O6 + 6O2. Plants then use the glucose for cellular respiration to release energy, and they also link glucose molecules together to build structural polysaccharides such as cellulose, which forms their cell walls, and storage molecules such as starch, which they keep in roots, seeds, and tubers for later use.
""", {"under_150":"n","inputs":"y","outputs":"y","chlorophyll":"y","age_level":"n","misconception":"n"},
4, "Accurate but far too technical for a 12-year-old (thylakoids, NADPH, RuBisCO) and over 150 words."),
]))

# ---------------- S4 ----------------
PROMPTS.append(P(
"hist_apollo_timeline", "science and history", "checklist",
"Give me a timeline of the Apollo program's crewed missions from Apollo 7 to Apollo 17, one line per mission, with the year and a key event. No more than 12 lines.",
[
 I("all_missions", "Does the timeline include every crewed mission from Apollo 7 through Apollo 17 (11 missions)?", 4, True),
 I("max_12", "Is the timeline 12 lines or fewer?", 3),
 I("one_line_each", "Is each mission given on a single line with a year and a key event?", 2),
 I("years_correct", "Are all the years correct (7 and 8: 1968; 9-12: 1969; 13: 1970; 14 and 15: 1971; 16 and 17: 1972)?", 4),
 I("apollo11", "Does it identify Apollo 11 (1969) as the first crewed Moon landing?", 3),
 I("apollo13", "Does it describe Apollo 13's landing being aborted after an oxygen tank failure/explosion, with the crew returning safely?", 3),
 I("event_error", "Does the timeline attribute a key event to the wrong mission (e.g., first lunar rover on a mission other than Apollo 15)?", -3),
],
[
R("a", """
- Apollo 7 (1968): First crewed Apollo flight; 11 days in Earth orbit testing the command and service module.
- Apollo 8 (1968): First crewed flight to orbit the Moon; the crew photographed "Earthrise" on Christmas Eve.
- Apollo 9 (1969): Tested the lunar module in Earth orbit, including undocking and redocking.
- Apollo 10 (1969): Full dress rehearsal in lunar orbit; the lunar module descended to about 15 km above the surface.
- Apollo 11 (1969): First crewed Moon landing; Neil Armstrong and Buzz Aldrin walked in the Sea of Tranquility.
- Apollo 12 (1969): Precision landing in the Ocean of Storms, next to the Surveyor 3 probe.
- Apollo 13 (1970): Oxygen tank explosion forced the landing to be aborted; the crew returned safely.
- Apollo 14 (1971): Landed at Fra Mauro; Alan Shepard hit golf balls on the Moon.
- Apollo 15 (1971): First use of the Lunar Roving Vehicle, at Hadley-Apennine.
- Apollo 16 (1972): Explored the Descartes Highlands with the rover.
- Apollo 17 (1972): Last crewed Moon landing; geologist Harrison Schmitt was aboard.
""", {"all_missions":"y","max_12":"y","one_line_each":"y","years_correct":"y","apollo11":"y","apollo13":"y","event_error":"n"},
10, "none"),
R("b", """
- Apollo 7 (1968): First crewed Apollo mission, tested the spacecraft in Earth orbit.
- Apollo 8 (1968): First humans to orbit the Moon.
- Apollo 9 (1969): Lunar module tested in Earth orbit.
- Apollo 10 (1969): Dress rehearsal for the landing, flown in lunar orbit.
- Apollo 11 (1969): Armstrong and Aldrin make the first Moon landing.
- Apollo 12 (1969): Second landing, in the Ocean of Storms.
- Apollo 13 (1971): Oxygen tank explosion; landing aborted, crew returned safely.
- Apollo 14 (1971): First use of the Lunar Roving Vehicle, at Fra Mauro.
- Apollo 15 (1971): Extended stay at Hadley Rille.
- Apollo 16 (1972): Landed in the Descartes Highlands.
- Apollo 17 (1972): Final Apollo Moon landing.
""", {"all_missions":"y","max_12":"y","one_line_each":"y","years_correct":"n","apollo11":"y","apollo13":"y","event_error":"y"},
4, "Dates Apollo 13 to 1971 (it flew in 1970) and credits Apollo 14 with the first lunar rover (it was Apollo 15)."),
R("c", """
- Apollo 7 (1968): First crewed Apollo mission; tested the command module in Earth orbit.
- Apollo 8 (1968): First crewed mission to orbit the Moon, famous for the "Earthrise" photo.
- Apollo 11 (1969): First humans on the Moon; Armstrong's "one small step."
- Apollo 12 (1969): Landed near the Surveyor 3 probe in the Ocean of Storms.
- Apollo 13 (1970): Mission aborted after an oxygen tank exploded; crew returned safely.
- Apollo 14 (1971): Alan Shepard's landing at Fra Mauro.
- Apollo 15 (1971): First Lunar Roving Vehicle.
- Apollo 16 (1972): Explored the lunar highlands at Descartes.
- Apollo 17 (1972): Last crewed Moon landing, with the first scientist-astronaut.

Apollo 9 and 10 were test flights, so I left them out to keep the list focused on the Moon missions.
""", {"all_missions":"n","max_12":"y","one_line_each":"y","years_correct":"y","apollo11":"y","apollo13":"y","event_error":"n"},
5, "Omits Apollo 9 and Apollo 10, so it doesn't cover all crewed missions from 7 to 17 as asked."),
]))
