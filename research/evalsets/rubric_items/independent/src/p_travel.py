from common import I, R, P

PROMPTS = []

# ---------------- T1 ----------------
PROMPTS.append(P(
"travel_rome_3day", "travel planning", "general",
"Plan a 3-day itinerary for Rome for a first-time visit in mid-July. We're a couple in our 60s who don't want to walk more than about 5 miles a day, and we definitely want to see the Vatican Museums.",
[
 I("three_days", "Does the itinerary cover exactly 3 days in Rome?", 4, True),
 I("vatican_included", "Does the itinerary include a visit to the Vatican Museums?", 4, True),
 I("heat", "Does the response address mid-July heat (e.g., early starts, midday breaks, water, shade)?", 3),
 I("walking_limit", "Does the plan account for the walking limit (e.g., taxis/buses, grouping nearby sights, or estimated distances)?", 3),
 I("prebook", "Does the response advise booking Vatican Museums tickets in advance (timed entry)?", 3),
 I("dress_code", "Does the response mention covering shoulders and knees for St. Peter's Basilica or other churches?", 2),
 I("pacing", "Is each day's plan realistic in pace (roughly 2-4 major sights, not a long checklist)?", 2),
 I("site_error", "Does the response contain a clear factual error about a named site (e.g., its location or what it contains)?", -3),
],
[
R("a", """
Here's a relaxed plan that keeps each day to roughly 3-5 miles on foot, with taxis filling the gaps. In July, Rome often hits 90-95°F (32-35°C), so each day starts early, breaks in the afternoon, and resumes in the evening.

Day 1: Ancient Rome
- 8:30 a.m.: Colosseum (pre-booked entry), then the Roman Forum and Palatine Hill. Pick one area to explore in depth; the ground is uneven and shade is scarce.
- 1:00 p.m.: Lunch in Monti, then taxi back to your hotel to rest through the hottest hours.
- 6:30 p.m.: Short taxi to Piazza Venezia and a gentle stroll to the Pantheon for dinner nearby.

Day 2: Vatican
- 8:00 a.m.: Vatican Museums (book timed tickets on the official site weeks ahead; July sells out). Allow 3 hours for the galleries and the Sistine Chapel.
- Afterward: St. Peter's Basilica. Shoulders and knees must be covered, so bring a light scarf.
- Afternoon: rest. Evening: taxi to Trastevere for dinner.

Day 3: Piazzas and gardens
- 9:00 a.m.: Taxi to the Trevi Fountain (early is less crowded), then a short walk to the Spanish Steps.
- Late morning: Borghese Gallery (reservations required), then shade under the trees of the Villa Borghese park.
- Evening: Piazza Navona and a farewell gelato.

Tips: carry a refillable water bottle (the nasoni street fountains have free, drinkable water), wear broken-in shoes, and use the FreeNow or itTaxi app to hail taxis instead of waiting at stands.
""", {"three_days":"y","vatican_included":"y","heat":"y","walking_limit":"y","prebook":"y","dress_code":"y","pacing":"y","site_error":"n"},
9, "none"),
R("b", """
What a wonderful trip! Here's an itinerary that covers the best of Rome at a comfortable pace.

Day 1: Arrive and explore the historic center. Visit the Pantheon, toss a coin in the Trevi Fountain, and have dinner near Piazza Navona.

Day 2: Vatican Museums in the morning (book skip-the-line tickets online in advance), then St. Peter's Basilica. Remember to cover shoulders and knees. Lunch in Prati, then rest at the hotel. Evening in Trastevere.

Day 3: Colosseum, Roman Forum, and Palatine Hill with a guided tour. Book the earliest slot to beat the heat, and bring plenty of water.

Day 4: Day trip to Florence. Take the high-speed Frecciarossa train (about 1.5 hours each way) to see Michelangelo's David at the Accademia and the Duomo, then return to Rome in the evening.

General tips: take taxis between neighborhoods to save your legs, since the total walking on a typical day here is about 3-4 miles. July is hot, so rest in the early afternoon like the locals do.
""", {"three_days":"n","vatican_included":"y","heat":"y","walking_limit":"y","prebook":"y","dress_code":"y","pacing":"y","site_error":"n"},
5, "Gives a 4-day plan (adds a Florence day trip) when the user asked for 3 days."),
R("c", """
Three days in Rome: let's make the most of it!

Day 1: Start at the Colosseum at 9 a.m., then the Roman Forum, Palatine Hill, Circus Maximus, the Capitoline Museums, the Mouth of Truth, and the Jewish Ghetto. End the day in Trastevere for dinner and a stroll along the Tiber.

Day 2: Vatican day. Tour the Vatican Museums, then walk into St. Peter's Basilica to see the Sistine Chapel, which is inside the basilica. Afterward, walk to Castel Sant'Angelo, cross the bridge, and continue to Piazza Navona, the Pantheon, the Trevi Fountain, and the Spanish Steps.

Day 3: Borghese Gallery in the morning, then a walk through Villa Borghese park to the Pincio Terrace, down to Piazza del Popolo, along Via del Corso for shopping, and over to the Quirinal Palace. End with an evening food tour in Testaccio.

Rome is best explored on foot, since many of the best discoveries happen in the little side streets between major sights. Bring comfortable shoes!
""", {"three_days":"y","vatican_included":"y","heat":"n","walking_limit":"n","prebook":"n","dress_code":"n","pacing":"n","site_error":"y"},
2, "Overpacked, walking-heavy days that ignore the 5-mile limit and July heat, and it wrongly places the Sistine Chapel inside St. Peter's Basilica."),
]))

# ---------------- T2 ----------------
PROMPTS.append(P(
"travel_chicago_packing", "travel planning", "checklist",
"Give me a packing list for a 5-day winter business trip to Chicago, carry-on only. Use bullet points grouped under headings, no more than 20 items total, and don't include any brand names.",
[
 I("headings", "Are the items grouped under headings?", 3),
 I("bullets", "Are the items presented as bullet points?", 2),
 I("max_20", "Does the list contain 20 or fewer bulleted items in total?", 4, True),
 I("no_brands", "Does the response avoid all brand names?", 3),
 I("winter_gear", "Does the list include cold-weather gear (e.g., insulated coat, hat, gloves, scarf, warm boots)?", 4),
 I("business_attire", "Does the list include business attire appropriate for meetings?", 3),
 I("liquids_rule", "Does the response mention carry-on liquid limits (3.4 oz / 100 ml containers or travel-size toiletries)?", 2),
 I("carry_on_unsuitable", "Does the list include items impractical or not allowed for carry-on only (e.g., full-size toiletry bottles)?", -2),
],
[
R("a", """
Clothing
- Insulated, knee-length winter coat (wear it on the plane)
- Warm hat, scarf, and touchscreen gloves
- Waterproof, insulated boots with good grip (wear them on the plane)
- 2 suits or blazer-and-trouser combinations in coordinating colors
- 4 dress shirts or blouses
- 1 lightweight merino sweater for layering
- Thermal base layers (top and bottom)
- 5 sets of underwear and wool socks
- Dress shoes (one pair)
- Sleepwear

Toiletries (3.4 oz / 100 ml or less, in one quart-size bag)
- Travel-size toiletries
- Heavy moisturizer and lip balm for the dry, cold air
- Prescription medications in original containers

Work and tech
- Laptop and charger
- Phone charger and portable battery pack
- Printed or digital copies of meeting materials
- Compact umbrella

Documents
- ID, boarding pass, and corporate card

That's 18 items, and everything should fit in a standard carry-on plus a laptop bag.
""", {"headings":"y","bullets":"y","max_20":"y","no_brands":"y","winter_gear":"y","business_attire":"y","liquids_rule":"y","carry_on_unsuitable":"n"},
9, "none"),
R("b", """
Outerwear
- Heavy winter parka
- Wool hat
- Insulated gloves
- Scarf
- Waterproof boots

Work clothes
- 2 suits
- 5 dress shirts
- 2 ties or statement necklaces
- Belt
- Dress shoes

Casual and sleep
- Jeans
- 2 sweaters
- Thermal leggings
- 5 pairs of underwear
- 5 pairs of wool socks
- Pajamas
- Workout clothes for the hotel gym

Toiletries (travel size, under 3.4 oz)
- Toothbrush and toothpaste
- Shampoo and conditioner
- Deodorant
- Moisturizer and lip balm
- Medications

Tech and documents
- Laptop and charger
- Phone charger
- Driver's license and boarding pass
""", {"headings":"y","bullets":"y","max_20":"n","no_brands":"y","winter_gear":"y","business_attire":"y","liquids_rule":"y","carry_on_unsuitable":"n"},
5, "Lists 25 items, exceeding the 20-item limit."),
R("c", """
Cold-weather gear
- A North Face or Canada Goose-style down parka
- Uniqlo HeatTech base layers
- Smartwool socks (4-5 pairs)
- Warm hat, scarf, and gloves
- Waterproof boots

Business clothes
- 2 suits or blazers with matching trousers
- 4 wrinkle-resistant dress shirts
- Dress shoes
- 1 sweater for layering

Toiletries (all under 3.4 oz, in a quart-size bag)
- Travel-size shampoo, toothpaste, and deodorant
- Moisturizer and lip balm
- Medications

Tech and documents
- Laptop and charger
- Phone charger and power bank
- ID and boarding pass

Tip: wear your bulkiest items (parka and boots) on the plane to save space in your carry-on.
""", {"headings":"y","bullets":"y","max_20":"y","no_brands":"n","winter_gear":"y","business_attire":"y","liquids_rule":"y","carry_on_unsuitable":"n"},
5, "Includes several brand names (North Face, Canada Goose, Uniqlo HeatTech, Smartwool) despite the instruction not to."),
R("d", """
- Long wool coat
- Hat, gloves, and scarf
- Insulated boots
- 2 suits
- 4 dress shirts
- 1 cardigan or sweater
- Dress shoes
- Thermal undershirt
- Underwear and socks for 5 days
- Pajamas
- Full-size shampoo and conditioner (hotel versions dry out your hair in winter)
- Full-size body lotion
- Toothbrush and toothpaste
- Laptop and charger
- Phone charger
- ID and boarding pass

Wear the coat and boots on the flight to free up space in your bag, roll your shirts instead of folding them to reduce wrinkles, and check the forecast the day before you leave in case you need an extra layer.
""", {"headings":"n","bullets":"y","max_20":"y","no_brands":"y","winter_gear":"y","business_attire":"y","liquids_rule":"n","carry_on_unsuitable":"y"},
4, "A flat list with no headings that recommends full-size shampoo and lotion, which exceed carry-on liquid limits."),
]))

# ---------------- T3 ----------------
PROMPTS.append(P(
"travel_japan_docs", "travel planning", "rar",
"I'm a US citizen going to Japan for 10 days as a tourist. Do I need a visa, and what else should I sort out before flying (documents, money, phone)?",
[
 I("no_visa", "Does the response state that US citizens do not need a visa for short tourist stays in Japan (up to 90 days)?", 5, True),
 I("passport_valid", "Does the response say the passport must be valid for the length of the stay (with a blank page for the landing stamp)?", 3),
 I("onward_ticket", "Does the response mention that proof of a return or onward ticket may be requested?", 2),
 I("visit_japan_web", "Does the response mention Visit Japan Web (online immigration/customs registration)?", 2),
 I("cash", "Does the response advise that cash is still commonly needed in Japan or explain how to get yen (e.g., convenience-store ATMs)?", 2),
 I("phone", "Does the response cover phone connectivity options (eSIM, local SIM, pocket Wi-Fi, or an international plan)?", 2),
 I("medications", "Does the response warn that some medications (e.g., certain stimulant ADHD drugs or pseudoephedrine products) are restricted in Japan?", 3),
 I("visa_required", "Does the response claim a US tourist must obtain a visa or e-visa in advance?", -5),
 I("no_cash_needed", "Does the response claim cash is unnecessary because cards are accepted almost everywhere?", -2),
],
[
R("a", """
Visa: No. US citizens can enter Japan visa-free as temporary visitors for up to 90 days, so a 10-day vacation is covered. You'll receive a landing permission sticker on arrival.

Documents:
- Passport valid for your whole stay, with at least one blank page. Japan doesn't require six months' validity, but check your airline's rules.
- Proof of onward or return travel, which airlines or immigration officers may ask to see.
- Visit Japan Web: register your passport and flight details online before you fly to get QR codes for immigration and customs. It's optional but speeds up arrival.

Medications: Japan is strict. Some common US medicines are banned or restricted, including stimulant ADHD medications such as Adderall and many decongestants containing pseudoephedrine. Check the Japanese Ministry of Health guidance before you pack, carry prescriptions in original containers, and apply for an import certificate if you need more than a month's supply of a regulated drug.

Money:
- Cards are widely accepted in cities, but many small restaurants, temples, and rural shops are cash-only. Carry some yen.
- ATMs at 7-Eleven and Japan Post offices reliably accept US debit cards.
- Load a Suica or PASMO IC card (you can add it to Apple Wallet) for trains, buses, and convenience stores.
- Tell your bank you're traveling.

Phone:
- An eSIM with a data plan is the easiest option; buy it before leaving and activate it on landing. Alternatives are a pocket Wi-Fi rental picked up at the airport or your carrier's international plan (check the daily fee).

Also consider travel insurance, and download offline maps and a translation app.
""", {"no_visa":"y","passport_valid":"y","onward_ticket":"y","visit_japan_web":"y","cash":"y","phone":"y","medications":"y","visa_required":"n","no_cash_needed":"n"},
10, "none"),
R("b", """
Yes, you'll need to arrange a visa before you travel. US citizens visiting Japan as tourists must apply for a Japan eVisa online through the Ministry of Foreign Affairs website. Processing usually takes about 5-10 business days, and you'll need to upload a passport scan, a photo, your flight itinerary, and hotel bookings. Apply at least a month before departure to be safe.

Other things to sort out:
- Passport: make sure it's valid for your entire trip.
- Money: Japan is still fairly cash-based. Withdraw yen at 7-Eleven ATMs after you land, and bring a card with no foreign transaction fees for hotels and larger stores.
- Transit: get a Suica or PASMO card for trains and buses.
- Phone: buy an eSIM before you leave, or rent a pocket Wi-Fi device at the airport.
- Visit Japan Web: fill this out before your flight for faster immigration and customs.

Have a great trip!
""", {"no_visa":"n","visa_required":"y","passport_valid":"y","onward_ticket":"n","visit_japan_web":"y","cash":"y","phone":"y","medications":"n","no_cash_needed":"n"},
2, "Wrongly tells a US tourist they must obtain a Japan eVisa in advance."),
R("c", """
Good news: you don't need a visa. Americans can visit Japan visa-free for up to 90 days as tourists.

Before you go:
1. Passport: confirm it's valid for the entire trip and has a blank page.
2. Visit Japan Web: complete the online form with your passport and flight details to get QR codes that speed up immigration and customs on arrival.
3. Money: Japan has modernized a lot. Credit cards and mobile payments are now accepted almost everywhere, from convenience stores to train stations, so you really don't need to carry cash. Just bring a card with no foreign transaction fees.
4. Phone: get an eSIM before you leave so you have data as soon as you land. Pocket Wi-Fi rentals are also popular if you're traveling with others.
5. Transport: if you're visiting several cities, compare the price of a Japan Rail Pass with individual Shinkansen tickets, since the pass price went up significantly in 2023.
6. Insurance: travel insurance is worth it, as Japanese healthcare is excellent but not free for visitors.

Enjoy your trip!
""", {"no_visa":"y","passport_valid":"y","onward_ticket":"n","visit_japan_web":"y","cash":"n","phone":"y","medications":"n","visa_required":"n","no_cash_needed":"y"},
6, "Correct on the visa but says cash isn't needed, and omits the medication restrictions and onward-ticket requirement."),
]))

# ---------------- T4 ----------------
PROMPTS.append(P(
"travel_budget_1500", "travel planning", "general",
"I have $1,500 total, including flights, for a 4-day solo trip in early October, flying from Chicago. Suggest one destination and a rough budget breakdown.",
[
 I("within_budget", "Do the listed costs, including flights, actually add up to $1,500 or less?", 5, True),
 I("includes_flights", "Does the breakdown include an airfare estimate?", 4),
 I("categories", "Does the breakdown cover lodging, food, and local transport or activities?", 3),
 I("four_days", "Is the budget sized for a 4-day trip (3-4 nights)?", 2),
 I("october_reason", "Does the response give a reason the destination suits early October?", 2),
 I("realistic_prices", "Are the price estimates plausible for that destination (e.g., no central hotel rooms at implausibly low rates)?", 3),
 I("buffer", "Does the response include a contingency or buffer amount?", 1),
 I("arithmetic_error", "Does the response state a total that doesn't match the sum of its listed items?", -3),
],
[
R("a", """
Destination: Denver and the Colorado Front Range

Early October is a sweet spot: aspens are turning gold in the mountains, days are sunny and mild (mid-60s°F), and summer crowds are gone. Nonstop flights from Chicago take about 2.5 hours.

Budget for 4 days / 3 nights:
- Round-trip flight (ORD or MDW to DEN, booked 4-6 weeks out): $250
- Hotel in LoNo or near Union Station, 3 nights at about $170: $510
- Food, about $70 a day for 4 days: $280
- Car rental for 2 days (for a mountain day trip) plus gas: $160
- Light rail from the airport and local transit: $40
- Activities (Red Rocks, Denver Art Museum, a brewery tour): $100
- Buffer for surprises: $100

Total: $1,440

Suggested plan: Day 1, arrive, take the A Line train downtown, and explore Union Station and LoDo. Day 2, pick up the car and drive to Guanella Pass or Kenosha Pass for aspen hikes. Day 3, Red Rocks in the morning, then Golden. Day 4, a museum visit and the train back to the airport.

To save money, check Southwest and Frontier fares, and consider a hostel or a budget hotel near the airport rail line, which could cut lodging by $150-200.
""", {"within_budget":"y","includes_flights":"y","categories":"y","four_days":"y","october_reason":"y","realistic_prices":"y","buffer":"y","arithmetic_error":"n"},
9, "none"),
R("b", """
Destination: Paris

October is a lovely time in Paris: fewer tourists than summer, crisp weather, and the autumn colors in the Luxembourg Gardens.

Budget breakdown:
- Round-trip flight from Chicago (economy, booked early): $650
- Accommodation, 4 nights in a private room in a well-reviewed hostel or small hotel at $120/night: $480
- Food, $60 a day (bakery breakfasts, picnic lunches, one sit-down dinner): $240
- Metro passes and a museum pass: $180
- Activities and a Seine cruise: $100

Total: about $1,450

Tips: stay in the 11th or 10th arrondissement for better prices, buy a Navigo weekly pass if your trip runs Monday to Sunday, and visit museums on the first Sunday of the month when some are free.
""", {"within_budget":"n","includes_flights":"y","categories":"y","four_days":"y","october_reason":"y","realistic_prices":"y","buffer":"n","arithmetic_error":"y"},
4, "The listed items sum to $1,650, not the stated $1,450, so the trip is actually over budget."),
R("c", """
Destination: New York City

Early October in New York is ideal: comfortable temperatures, Central Park starting to change color, and lots of cultural events as the fall season kicks off.

Budget for 4 days:
- Round-trip flight from Chicago to LaGuardia: $220
- Hotel in Midtown Manhattan, 3 nights at $65/night: $195
- Food, $50/day: $200
- Subway (unlimited 7-day MetroCard/OMNY cap): $34
- Broadway ticket (orchestra seat): $60
- Museums (Met, MoMA) and Top of the Rock: $90

Total: $799

That leaves you about $700 extra, so you could upgrade your hotel, add a food tour, or see a second show.

Itinerary idea: Day 1 Midtown and Times Square; Day 2 Central Park and the Met; Day 3 Brooklyn Bridge and DUMBO; Day 4 MoMA and fly home.
""", {"within_budget":"y","includes_flights":"y","categories":"y","four_days":"y","october_reason":"y","realistic_prices":"n","buffer":"n","arithmetic_error":"n"},
4, "Prices are unrealistic (a Midtown Manhattan hotel at $65/night, a $60 Broadway orchestra seat), making the budget misleading."),
]))
