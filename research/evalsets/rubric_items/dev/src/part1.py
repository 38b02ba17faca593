from common import item, lab, resp

PROMPTS = []

# ---------------------------------------------------------------- cooking 1
PROMPTS.append({
"prompt_id": "cook-veg-dinner",
"domain": "cooking",
"query": "I need a vegetarian dinner for 4 people that I can make in under 45 minutes total. One guest is allergic to tree nuts, and I don't like mushrooms. What should I cook? Please include a shopping list.",
"items": [
 item("vegetarian", 5, "Is every ingredient in the suggested meal vegetarian (no meat, poultry, fish, or meat/fish-derived sauces or stocks such as fish sauce or oyster sauce)?", veto=True),
 item("tree_nut_free", 5, "Is the suggested meal free of tree nuts and tree-nut-containing products (e.g., almonds, cashews, hazelnuts, walnuts, pine nuts, nut-based spice blends)?", veto=True),
 item("no_mushrooms", 3, "Is the suggested meal free of mushrooms?"),
 item("under_45_min", 4, "Judging by the steps and times given, can the meal plausibly be made within 45 minutes total, including prep?"),
 item("serves_4", 2, "Are quantities given for, or stated to serve, 4 people?"),
 item("shopping_list", 3, "Does the response include a shopping list of ingredients?"),
 item("clear_steps", 3, "Does the response give clear, ordered cooking steps?"),
 item("label_check", 2, "Does the response advise checking the product label (or choosing a nut-free version) for that product?",
      applies_if="the response uses a store-bought product that commonly contains or may contain nuts (e.g., pesto, dukkah, naan, some spice blends or sauces)"),
 item("padding", -2, "Does the response include lengthy material unrelated to cooking the meal (e.g., history of the dish, anecdotes)?"),
],
"responses": [
resp("a", 9, "none",
 lab(vegetarian="y", tree_nut_free="y", no_mushrooms="y", under_45_min="y", serves_4="y", shopping_list="y", clear_steps="y", label_check="y", padding="n"),
"""
Try a **chickpea and spinach curry with basmati rice** — it's vegetarian, nut-free, mushroom-free, and on the table in about 35–40 minutes.

**Shopping list (serves 4)**
- 2 × 400 g cans chickpeas
- 1 × 400 g can chopped tomatoes
- 200 g baby spinach
- 1 large onion, 3 garlic cloves, a thumb-sized piece of ginger
- 300 g basmati rice
- 2 tsp ground cumin, 2 tsp ground coriander, 1 tsp turmeric, 1–2 tsp garam masala, chilli flakes to taste
- Vegetable oil, salt, 1 lemon
- 150 g plain yogurt (optional, to serve)
- Plain naan breads (optional)

**Steps**
1. Rinse the rice and put it on to simmer (about 12–15 minutes, then rest it covered for 5).
2. Meanwhile, finely chop the onion, garlic and ginger. Fry the onion in 2 tbsp oil over medium heat for 6–7 minutes until soft.
3. Add the garlic, ginger and ground spices and stir for 1 minute.
4. Add the tomatoes and drained chickpeas with a splash of water. Simmer for 12–15 minutes until thickened.
5. Stir in the spinach until wilted, then add the garam masala, salt and a squeeze of lemon.
6. Serve over the rice with a spoonful of yogurt.

**Allergy note:** if you buy naan or a ready-made spice blend, check the label. Some naan (Peshwari, for example) contains almonds or other nuts, and some products carry "may contain nuts" warnings. Choose a brand without nut warnings, or simply skip the naan.
"""),
resp("b", 4, "The sauce uses oyster sauce, which is not vegetarian, violating the core dietary constraint.",
 lab(vegetarian="n", tree_nut_free="y", no_mushrooms="y", under_45_min="y", serves_4="y", shopping_list="y", clear_steps="y", label_check="na", padding="n"),
"""
A **tofu and vegetable stir-fry with noodles** is quick, filling, and easy to scale for four.

**Shopping list**
- 400 g extra-firm tofu
- 300 g dried egg noodles
- 1 red pepper, 1 head of broccoli, 2 carrots, 150 g sugar snap peas
- 4 spring onions, 3 garlic cloves, a thumb of ginger
- Sauce: 3 tbsp soy sauce, 2 tbsp oyster sauce, 1 tbsp rice vinegar, 1 tsp sesame oil, 1 tsp cornflour, 1 tsp sugar
- Vegetable oil, sesame seeds to garnish

**Steps (about 30 minutes)**
1. Press the tofu for 10 minutes between kitchen towels, then cut it into cubes.
2. While it presses, slice the vegetables and whisk the sauce ingredients with 4 tbsp water.
3. Cook the noodles according to the packet (usually 4–5 minutes), drain and toss with a little sesame oil.
4. Fry the tofu in 2 tbsp oil over high heat until golden on all sides, about 6–8 minutes. Remove.
5. Stir-fry the carrots and broccoli for 3 minutes, then the pepper and snap peas for 2 minutes more. Add the garlic and ginger for 30 seconds.
6. Return the tofu and noodles, pour in the sauce, and toss until glossy, 1–2 minutes.
7. Top with spring onions and sesame seeds.

It's free of nuts and mushrooms, and you can swap in any vegetables you have on hand.
"""),
resp("c", 3, "The dish is topped with store-bought dukkah, a spice blend that traditionally contains hazelnuts, with no label warning despite the tree-nut allergy.",
 lab(vegetarian="y", tree_nut_free="n", no_mushrooms="y", under_45_min="y", serves_4="y", shopping_list="y", clear_steps="y", label_check="n", padding="n"),
"""
**Roasted vegetable and chickpea couscous bowls with lemon-yogurt dressing** — colourful, filling, and about 40 minutes start to finish.

**Shopping list (serves 4)**
- 2 red peppers, 2 courgettes, 1 red onion, 1 small aubergine
- 2 × 400 g cans chickpeas
- 300 g couscous
- 500 ml vegetable stock
- 250 g Greek yogurt, 1 lemon, 1 garlic clove
- A small bunch of parsley or mint
- 3 tbsp dukkah (ready-made spice blend)
- Olive oil, salt, pepper, 1 tsp smoked paprika, 1 tsp ground cumin

**Steps**
1. Heat the oven to 220°C (200°C fan). Chop the vegetables into bite-size pieces.
2. Toss the vegetables and drained chickpeas with 3 tbsp olive oil, the paprika, cumin, salt and pepper. Roast on two trays for 25 minutes, turning once.
3. While they roast, pour the hot stock over the couscous in a bowl, cover, and leave for 5 minutes, then fluff with a fork.
4. Mix the yogurt with lemon juice, grated garlic and a pinch of salt.
5. Divide the couscous between bowls, pile on the roasted vegetables and chickpeas, drizzle with the dressing, and finish with chopped herbs and a generous sprinkle of dukkah for crunch.

Leftovers keep well for lunch the next day.
"""),
resp("d", 5, "Baking the potatoes takes over an hour, so the meal cannot be made in under 45 minutes despite the claim, and it opens with an irrelevant history of chili.",
 lab(vegetarian="y", tree_nut_free="y", no_mushrooms="y", under_45_min="n", serves_4="y", shopping_list="y", clear_steps="y", label_check="na", padding="y"),
"""
Chili is a great crowd-pleaser, and it has a fascinating history. The dish is usually traced to San Antonio, Texas, where the "chili queens" sold bowls of spiced stew from open-air stalls in the city's plazas in the late 1800s. It became the official state dish of Texas in 1977, and today chili cook-offs draw thousands of competitors every year, with fierce debates about whether beans belong in it at all. A vegetarian version keeps all the smoky depth without the meat.

**Three-bean chili with baked potatoes (serves 4, about 45 minutes)**

**Shopping list**
- 4 large baking potatoes
- 1 can each of kidney beans, black beans and pinto beans
- 2 × 400 g cans chopped tomatoes
- 1 onion, 1 red pepper, 2 garlic cloves
- 2 tsp chilli powder, 1 tsp ground cumin, 1 tsp smoked paprika
- 250 ml vegetable stock
- Soured cream and sliced spring onions to serve

**Steps**
1. Heat the oven to 200°C. Prick the potatoes and bake for 1 hour to 1 hour 15 minutes until soft inside.
2. Meanwhile, soften the chopped onion and pepper in a little oil for 8 minutes, then add the garlic and spices for 1 minute.
3. Add the drained beans, tomatoes and stock, and simmer for 30 minutes until thick.
4. Split the potatoes, spoon over the chili, and top with soured cream and spring onions.
"""),
]})

# ---------------------------------------------------------------- cooking 2
PROMPTS.append({
"prompt_id": "cook-roast-chicken",
"domain": "cooking",
"query": "How long should I roast a 2 kg whole chicken at 200°C (fan off)? And how can I tell for sure that it's cooked through?",
"items": [
 item("time_range", 4, "Does the response give a total roasting time within roughly 1 hour 15 minutes to 1 hour 50 minutes for a 2 kg chicken at about 200°C?"),
 item("safe_temp", 5, "Does the response give a correct safe internal temperature for chicken of about 74°C / 165°F (75°C also acceptable)?", veto=True),
 item("probe_location", 3, "Does the response say to measure in the thickest part of the thigh (and/or breast) without touching the bone?"),
 item("rest", 2, "Does the response recommend resting the chicken (about 10–20 minutes) before carving?"),
 item("secondary_cues", 1, "Does the response mention at least one secondary doneness cue, such as clear juices or a loose leg joint?"),
 item("visual_only", -3, "Does the response present visual cues (juice colour, skin colour) as a fully reliable substitute for a thermometer?"),
 item("rinse_raw", -3, "Does the response recommend washing or rinsing the raw chicken?"),
 item("user_units", 1, "Does the response use Celsius (the user's units), optionally alongside Fahrenheit?"),
],
"responses": [
resp("a", 9, "none",
 lab(time_range="y", safe_temp="y", probe_location="y", rest="y", secondary_cues="y", visual_only="n", rinse_raw="n", user_units="y"),
"""
For a 2 kg chicken at 200°C (conventional, no fan), plan on roughly **1 hour 20 minutes to 1 hour 40 minutes**. A handy rule is 20 minutes per 500 g plus 20 minutes, which gives about 1 hour 40 minutes; many birds are done a little sooner, so start checking at around 1 hour 15 minutes.

**How to tell it's cooked through**
The only reliable way is a digital meat thermometer:
- Insert it into the **thickest part of the thigh**, close to but not touching the bone (bone conducts heat and gives a false reading). Check the thickest part of the breast too.
- The chicken is safe when it reads **at least 74°C (165°F)**; many cooks take the thighs to 75–80°C for better texture.

Secondary signs — useful, but not proof on their own:
- Juices from the thigh run clear, not pink.
- The leg feels loose and wiggles easily in its joint.

**A few tips**
- Don't rinse the raw chicken; it spreads bacteria around your sink without making the bird any safer. Just pat it dry with kitchen paper.
- Take it out of the fridge 20–30 minutes before roasting for more even cooking.
- **Rest it for 15 minutes**, loosely covered with foil, before carving so the juices settle. The temperature will rise a degree or two as it rests.
"""),
resp("b", 3, "It gives 63°C (145°F) as the safe internal temperature, which is the figure for whole cuts of beef/pork, not chicken (74°C/165°F).",
 lab(time_range="y", safe_temp="n", probe_location="y", rest="y", secondary_cues="y", visual_only="n", rinse_raw="n", user_units="y"),
"""
At 200°C with the fan off, a 2 kg chicken needs about **1 hour 30 minutes**. Rub it with oil or butter and salt, and roast it breast-side up in a tray.

**Checking doneness**
Use an instant-read thermometer in the thickest part of the thigh, avoiding the bone. Once it reads **63°C (145°F)**, the chicken is done and safe to eat. Taking it out at this point keeps the breast meat from drying out.

You can also check that:
- the juices run clear when you pierce the thigh, and
- the drumstick moves freely when you wiggle it.

These are handy confirmations, but the thermometer reading is the one to trust.

**Before carving**
Rest the bird, loosely tented with foil, for 10–15 minutes. This lets the juices redistribute so the meat stays moist.

If the skin is browning too fast before the inside is done, cover the breast loosely with foil for the remaining time.
"""),
resp("c", 4, "It recommends rinsing the raw chicken and gives a roasting time of 45–50 minutes, far too short for a 2 kg bird; it also omits resting.",
 lab(time_range="n", safe_temp="y", probe_location="y", rest="n", secondary_cues="y", visual_only="n", rinse_raw="y", user_units="y"),
"""
Here's a simple method for a 2 kg chicken:

1. **Prep:** Remove the giblets, then rinse the chicken inside and out under cold running water and pat it dry thoroughly with paper towels. Dry skin crisps better.
2. **Season:** Rub it with olive oil, salt and pepper, and put half a lemon and a few garlic cloves in the cavity.
3. **Roast:** Put it in the oven at 200°C for **45–50 minutes**.
4. **Check:** Push a meat thermometer into the thickest part of the thigh without touching the bone. It should read **74°C (165°F)**. If you don't have a thermometer, pierce the thigh — the juices should run clear rather than pink, though a thermometer is much more reliable.

That's it — carve and serve with roast potatoes and greens.
"""),
resp("d", 6, "It switches entirely to Fahrenheit and pounds although the user asked in Celsius and kilograms, and it never mentions resting the bird.",
 lab(time_range="y", safe_temp="y", probe_location="y", rest="n", secondary_cues="y", visual_only="n", rinse_raw="n", user_units="n"),
"""
A good rule of thumb is **20 minutes per pound at 400°F**. Your chicken is about 4.4 lb, so that's roughly 88 minutes — call it 1½ hours.

**To know it's done:**
- Insert an instant-read thermometer into the thickest part of the thigh, without touching the bone. You want **165°F**.
- Also check the breast at its thickest point; it should reach 165°F too.
- Clear juices and a loose, wobbly leg are good signs, but go by the thermometer, since colour alone can be misleading.

**Tips for a great roast:**
- Pat the skin very dry and salt it generously — ideally a few hours ahead, uncovered in the fridge — for crisp skin.
- Roast it on a rack or a bed of sliced onions so hot air circulates underneath.
- If the breast is getting too dark, tent it with foil.

Enjoy your roast!
"""),
]})

# ---------------------------------------------------------------- travel 1
PROMPTS.append({
"prompt_id": "travel-lisbon-budget",
"domain": "travel planning",
"query": "My partner and I want to spend 3 days (3 nights) in Lisbon in May with a total budget of €800 for both of us, excluding flights. We don't want to rent a car. Can you suggest a day-by-day plan and a rough budget breakdown?",
"items": [
 item("three_days", 4, "Does the response give a plan for each of the 3 days?"),
 item("within_budget", 5, "When the budget line items are added up, do they come to €800 or less for the two people?", veto=True),
 item("arithmetic", 3, "Do the budget line items add up to the total stated in the response?"),
 item("no_car", 4, "Does the plan avoid renting or driving a car (using walking, public transport, trains or taxis instead)?", veto=True),
 item("accommodation", 3, "Does the budget include accommodation for the 3 nights?"),
 item("transport_tip", 2, "Does the response mention a concrete public-transport option (e.g., Viva Viagem card, metro, tram 28/15E, train to Sintra)?"),
 item("realistic_prices", 2, "Are the stated prices broadly realistic for Lisbon (no obviously impossible figures such as a central double room for €20/night)?"),
 item("overpacked_day", -2, "Does any single day schedule an implausible amount of sightseeing (e.g., Belém, Cascais and Sintra all in one day)?"),
],
"responses": [
resp("a", 8, "none",
 lab(three_days="y", within_budget="y", arithmetic="y", no_car="y", accommodation="y", transport_tip="y", realistic_prices="y", overpacked_day="n"),
"""
Here's a relaxed, car-free plan for three days in Lisbon, plus a budget for two.

**Day 1 – Baixa, Alfama and the castle**
Start at Praça do Comércio, wander up through the Baixa to Rossio, then take the historic tram 28 (go early to avoid the queues) up towards Alfama. Visit Castelo de São Jorge, then catch the sunset at Miradouro da Senhora do Monte or Portas do Sol. Dinner at a small tasca in Alfama, with fado if you like.

**Day 2 – Sintra day trip**
Take the train from Rossio station (about 40 minutes). Visit Pena Palace in the morning and Quinta da Regaleira after lunch; use the local bus between sites rather than walking the steep roads. Back in Lisbon for a late dinner in Bairro Alto.

**Day 3 – Belém and LX Factory**
Tram 15E to Belém: Jerónimos Monastery, the riverside Monument to the Discoveries and Belém Tower, plus a custard tart at Pastéis de Belém. In the afternoon browse LX Factory, then finish at the Time Out Market.

**Getting around:** buy a Viva Viagem card at any metro station and load it with "zapping" credit, or get a 24-hour public transport pass on busy days.

**Budget for two (excluding flights)**
| Item | Cost |
|---|---|
| Accommodation: 3 nights in a guesthouse or 3-star hotel (~€110/night) | €330 |
| Food: ~€70/day for two (pastries, lunch, mid-range dinner) | €210 |
| Transport: metro/tram credit, Sintra train and bus | €50 |
| Sights: castle, Pena Palace, Regaleira, Jerónimos | €120 |
| Buffer for drinks, fado, souvenirs | €90 |
| **Total** | **€800** |

May is popular, so book your accommodation early; places near the Baixa fill up fast.
"""),
resp("b", 4, "The budget items actually sum to €830 (420+240+60+110), not the stated €790, so the plan exceeds the €800 budget.",
 lab(three_days="y", within_budget="n", arithmetic="n", no_car="y", accommodation="y", transport_tip="y", realistic_prices="y", overpacked_day="n"),
"""
Lisbon is very doable without a car — the metro, trams and trains cover everything you'll want to see.

**Day 1:** Explore Baixa and Chiado, ride tram 28 through Graça and Alfama, visit São Jorge Castle, and have dinner with fado in Alfama.

**Day 2:** Take the train from Rossio to Sintra (about 40 minutes). See Pena Palace and the Moorish Castle, and have lunch in the old town before heading back.

**Day 3:** Head to Belém by tram 15E for Jerónimos Monastery, Belém Tower and the famous pastéis de nata, then spend the evening in Bairro Alto.

**Budget for two:**
- Hotel (3 nights at ~€140): €420
- Food and drinks: €240
- Public transport and Sintra train: €60
- Entrance tickets: €110
- **Total: €790**

That leaves you about €10 of breathing room within your €800 budget. Tip: get a Viva Viagem card at the first metro station you pass and load it with credit to save on single fares.
"""),
resp("c", 4, "Day 2 recommends renting a car for the Sintra/coast trip although the user explicitly said they don't want to rent a car.",
 lab(three_days="y", within_budget="y", arithmetic="y", no_car="n", accommodation="y", transport_tip="y", realistic_prices="y", overpacked_day="n"),
"""
Here's a three-day plan that mixes the city with the coast.

**Day 1 – Historic Lisbon:** Walk the Baixa, take tram 28 up to Alfama, and visit São Jorge Castle. Sunset at Miradouro de Santa Luzia, dinner in Alfama.

**Day 2 – Sintra and the coast:** This is the one day where it's worth renting a small car (around €60 for the day). Drive to Sintra early for Pena Palace and Quinta da Regaleira, continue to Cabo da Roca, Europe's westernmost point, and come back along the coast via Cascais. You avoid the Sintra bus queues and can stop wherever you like.

**Day 3 – Belém:** Tram 15E to Jerónimos Monastery and Belém Tower, custard tarts at Pastéis de Belém, then LX Factory in the afternoon.

**Budget for two**
- Accommodation, 3 nights at ~€100: €300
- Food: €200
- Car hire for one day: €60
- Fuel and parking: €30
- Public transport (Viva Viagem credit): €30
- Entrance fees: €100
- **Total: €720**, leaving €80 spare.

Everything else is easily reached by metro, tram or on foot.
"""),
resp("d", 4, "The budget leaves out accommodation entirely while calling €440 'well within budget', and Day 1 crams Belém, Cascais and Sintra into one day.",
 lab(three_days="y", within_budget="y", arithmetic="y", no_car="y", accommodation="n", transport_tip="y", realistic_prices="y", overpacked_day="y"),
"""
Lisbon is great value, so €800 goes a long way!

**Day 1 – Coast and palaces:** Take an early train to Belém to see Jerónimos Monastery and Belém Tower, continue by train to Cascais for lunch by the beach, then take the bus up to Sintra for Pena Palace and Quinta da Regaleira, and catch the train back to Lisbon in the evening.

**Day 2 – Old Lisbon:** Tram 28, Alfama, São Jorge Castle, Miradouro da Graça, and a fado dinner.

**Day 3 – Markets and neighbourhoods:** Time Out Market, LX Factory, Príncipe Real, and Bairro Alto in the evening.

**Budget for two:**
- Food and drinks (3 days): €240
- Public transport, including trains to Cascais and Sintra: €50
- Entrance tickets and tours: €150
- **Total: €440**

That's well within your budget, so you can treat yourselves to a nice dinner or a sunset boat trip on the Tagus.
"""),
]})

# ---------------------------------------------------------------- travel 2
PROMPTS.append({
"prompt_id": "travel-rome-family",
"domain": "travel planning",
"query": "We're a family of four (kids aged 6 and 9) visiting Rome for 3 days in late July. Please suggest an itinerary that keeps walking manageable for the kids and helps us cope with the heat.",
"items": [
 item("three_days", 3, "Does the response give a concrete plan for all 3 days?"),
 item("heat_strategies", 4, "Does the response give concrete heat strategies (e.g., sightseeing early/late, a midday break, shade, sun protection, water)?"),
 item("water_refill", 2, "Does the response mention refilling water bottles, e.g., at Rome's public drinking fountains (nasoni)?"),
 item("kid_activity", 3, "Does the itinerary include at least one activity that specifically appeals to children (e.g., gelato stop, Villa Borghese bikes/pedal cars, Bioparco, Explora museum)?"),
 item("walking_managed", 4, "Does the plan keep walking manageable, e.g., by using taxis/buses/metro between distant areas or limiting sights per day?", veto=True),
 item("prebook", 3, "Does the response advise booking timed tickets in advance for a major site (Colosseum and/or Vatican Museums)?"),
 item("vatican_sunday_error", -3, "Does the response state or imply that the Vatican Museums are open every Sunday?",
      applies_if="the response includes the Vatican Museums"),
 item("dress_code", 2, "Does the response mention the dress code (shoulders and knees covered)?",
      applies_if="the response includes St Peter's Basilica or the Vatican"),
 item("excessive_walking", -3, "Does any day involve clearly excessive walking for young children (e.g., crossing the historic centre on foot end to end, 6+ km in summer heat)?"),
],
"responses": [
resp("a", 9, "none",
 lab(three_days="y", heat_strategies="y", water_refill="y", kid_activity="y", walking_managed="y", prebook="y", vatican_sunday_error="n", dress_code="y", excessive_walking="n"),
"""
Late July in Rome is hot (often 33–35°C), so the trick is: sights early, rest at midday, out again in the evening.

**Day 1 – Ancient Rome**
- 8:30: Colosseum with a pre-booked timed ticket (book weeks ahead in summer), then a short loop of the Roman Forum.
- 11:30: Taxi or bus back to your hotel for lunch and a rest (or the pool) until about 4 pm.
- Evening: Piazza Navona and gelato, dinner nearby.

**Day 2 – The Vatican**
- Book Vatican Museums tickets online for the first entry slot; note they're closed on Sundays except the last Sunday of the month (free, but very crowded). Aim for a 2–3 hour highlights route: the Gallery of Maps, the Raphael Rooms, the Sistine Chapel.
- St Peter's Basilica: shoulders and knees must be covered — pack a light scarf or trousers.
- Midday rest, then a relaxed evening in Trastevere.

**Day 3 – Parks and fun**
- Morning in Villa Borghese: rent a four-seater pedal car, visit the Bioparco zoo, or catch the puppet theatre.
- Rest at midday.
- Evening: taxi to the Pantheon, then a short stroll to the Trevi Fountain to throw coins.

**Beating the heat**
- Refill bottles at the "nasoni", Rome's free public drinking fountains.
- Hats, sunscreen and light clothing; plan indoor or shaded time between 12 and 4 pm.
- Use taxis or buses for anything more than about 15 minutes' walk — the kids' legs (and your patience) will thank you.
"""),
resp("b", 3, "Day 1 is a 6–7 km walk across the whole centre in July heat with young kids, and it omits pre-booking, water refills, and the St Peter's dress code.",
 lab(three_days="y", heat_strategies="y", water_refill="n", kid_activity="y", walking_managed="n", prebook="n", vatican_sunday_error="n", dress_code="n", excessive_walking="y"),
"""
Rome is best seen on foot, and three days is enough for the highlights.

**Day 1:** Start at the Vatican Museums and St Peter's in the morning. Afterwards, walk across the river past Castel Sant'Angelo to Piazza Navona, the Pantheon and the Trevi Fountain, then continue to the Spanish Steps and finish at the Colosseum for sunset — roughly 6–7 km, but the streets are full of things to see.

**Day 2:** Colosseum and Roman Forum in the morning, then Palatine Hill, Circus Maximus and the Aventine keyhole. Walk down to Trastevere for dinner.

**Day 3:** Villa Borghese in the morning — the kids can run around the gardens — then the Borghese Gallery and a walk down to Piazza del Popolo and Via del Corso for shopping.

**Heat tips:**
- Bring hats and sunscreen for everyone.
- Plan a gelato stop every afternoon — a great motivator for tired kids!
- Wear comfortable shoes; you'll be walking a lot.

Rome in summer is busy, but with good shoes and plenty of gelato, the kids will have a great time.
"""),
resp("c", 6, "It claims the Vatican Museums are open every day and schedules them on a Sunday, when they are normally closed (except the last Sunday of the month).",
 lab(three_days="y", heat_strategies="y", water_refill="y", kid_activity="y", walking_managed="y", prebook="y", vatican_sunday_error="y", dress_code="y", excessive_walking="n"),
"""
Here's a heat-smart plan, assuming you arrive on Saturday night.

**Day 1 (Sunday) – Vatican**
The Vatican Museums are open every day, and Sunday is a nice, calm day to visit. Book the earliest time slot online and do a 2–3 hour highlights route ending at the Sistine Chapel. Then visit St Peter's Basilica — remember that shoulders and knees must be covered. Head back to the hotel by taxi for lunch and a rest during the hottest hours.

**Day 2 (Monday) – Ancient Rome**
Pre-booked early entry to the Colosseum and a short walk through the Forum, then back for a midday break. In the evening, take a taxi to Piazza Navona for gelato and people-watching.

**Day 3 (Tuesday) – Kids' day**
Explora, the children's museum near Piazza del Popolo, is indoors and hands-on — perfect for a hot morning. Afterwards, picnic in the shade of Villa Borghese and rent a pedal cart.

**Heat tips**
- Fill water bottles at the nasoni (public fountains) — the water is cold and safe to drink.
- Stay indoors or in the shade from about 12 to 4 pm.
- Use buses, trams and taxis between areas and keep walking segments short.
"""),
resp("d", 6, "Only two days are actually planned; the third day is left as 'do more of what you liked or a free day'.",
 lab(three_days="n", heat_strategies="y", water_refill="y", kid_activity="y", walking_managed="y", prebook="y", vatican_sunday_error="na", dress_code="na", excessive_walking="n"),
"""
Great choice — Rome with kids is very manageable if you pace yourselves.

**Day 1 – Colosseum and Forum**
Book a timed Colosseum ticket in advance for 8:30 or 9:00, before the heat builds. After the Colosseum, a short walk through the Forum is plenty for a 6- and a 9-year-old. Take a taxi back to the hotel for lunch and a siesta, and go out again after 5 pm for dinner in Monti.

**Day 2 – Villa Borghese and the centre**
Spend the morning in Villa Borghese: visit the Bioparco zoo, and rent a four-wheel bike cart to get around the park without tired legs. After a midday rest, take a taxi to the Pantheon in the evening and walk five minutes to Piazza Navona for gelato.

**For your third day**, pick whatever the family enjoyed most and do more of it, or keep it as a free day by the hotel pool.

**Heat tips**
- Carry refillable bottles; the nasoni drinking fountains around the city have free, cold water.
- Hats, sunscreen and breathable clothes for everyone.
- Avoid sightseeing between noon and 4 pm.
"""),
]})
