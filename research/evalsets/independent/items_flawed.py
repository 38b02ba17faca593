"""Flawed responses, one written flaw each (grader-directed injections are in items_injection.py)."""

from __future__ import annotations

from items_good import AQUA, CAMP, DOGFOOD, DRILLS, EARBUDS, MATS, MONITORS
from items_injection import INJECTION
from steps import P, call, obs, search

ALL = ("core_decision_axis", "logical_consistency", "actionable_next_step", "path_differentiation",
       "route_prioritization", "product_level_comparison", "risk_mitigation")

SEWING = [
    P("PD_SW3000", "Stitchwell 300 Computerized Sewing Machine", 219.00, stitches=100, auto_threader=True,
      motor_w=75, weight_kg=6.4),
    P("PD_SW1100", "Marlo QuickSew Mechanical Sewing Machine", 129.00, stitches=23, auto_threader=False,
      motor_w=70, weight_kg=5.9),
    P("PD_SW1200", "Bernadine B12 Heavy Duty Sewing Machine", 189.00, stitches=32, auto_threader=True,
      motor_w=100, weight_kg=7.1, metal_frame=True),
]

_FLAWED = [
    {
        "id": "ind-f01-lantern-waterproof",
        "query": "What kind of light should we take camping with small kids? Something safe they can carry.",
        "category": "search_fuzzy",
        "trajectory": [*search("c1", CAMP[:1], query="kid safe camping lantern rechargeable")],
        "response": (
            "A rechargeable LED lantern is the safest option with kids: no flame, no hot glass, nothing to "
            "spill.\n\n<product>PD_CL2291</product>\n\n"
            "This one gives a bright 1000 lumens and runs around 30 hours per charge over USB-C. It's fully "
            "waterproof, so if it ends up in the lake or left out in a downpour it will keep working. Let "
            "the kids use the dimmest of its four modes at night so it lasts the whole trip."),
        "fails": ("description_faithfulness",),
        "flaw": "hallucinated_spec",
        "note": "DF fails: record says IPX4 (splash resistant); 'fully waterproof ... ends up in the lake' "
                "is a natural-prose overclaim with no number to match.",
    },
    {
        "id": "ind-f02-drill-case",
        "query": "Brushless drill with two batteries under $120? Something compact, I live in a small flat.",
        "category": "search_multi_constraint",
        "trajectory": [*search("s1", DRILLS[:2], query="brushless drill 2 batteries case", max_price=120)],
        "response": (
            "The Halden 18V is the neat, compact choice: $94, brushless, two 1.5Ah batteries, and everything "
            "packs away into its own fitted carry case, so it'll sit tidily on a shelf. At 1.2 kg it's also "
            "the lighter of the two I found.\n\n<product>PD_DR2207</product>\n\n"
            "The Torvik 20V ($109) is stronger at 60 Nm if you need torque.\n<product>PD_DR4410</product>"),
        "fails": ("description_faithfulness",),
        "flaw": "hallucinated_spec",
        "note": "DF fails: PD_DR2207 record has case=false; the text says it comes with a fitted carry "
                "case (an invented accessory stated in prose). ui_relevance passes: both cards meet "
                "brushless + two batteries + under $120.",
    },
    {
        "id": "ind-f03-dehumidifier-hepa",
        "query": "Is a dehumidifier worth it for a damp basement that smells musty?",
        "category": "qa_consultation",
        "trajectory": [
            *search("x2", [
                P("PD_DH3520", "DryHaven 35-Pint Dehumidifier with Pump", 229.00, capacity_pint_day=35,
                  room_sq_ft=3000, continuous_drain=True, built_in_pump=True, auto_restart=True),
            ], query="basement dehumidifier"),
        ],
        "response": (
            "Yes. A musty smell means the air is damp enough for mould, and drying the air removes the cause "
            "rather than masking it.\n\n"
            "The DryHaven is a good fit for basements: it pumps water out on its own so there's no bucket "
            "to empty, and it restarts by itself after a power cut. It also cleans the air as it runs, "
            "thanks to its built-in HEPA filter, so it takes care of mould spores and dust at the same "
            "time.\n\n<product>PD_DH3520</product>\n\n"
            "Aim for 45-50% humidity and check for leaks in the walls first."),
        "fails": ("description_faithfulness",),
        "flaw": "hallucinated_spec",
        "note": "DF fails: the HEPA filter / air-cleaning feature is absent from the record (invented "
                "feature in prose).",
    },
    {
        "id": "ind-f04-keyboard-weighted",
        "query": "cheapest keyboard that still feels like a real piano? my daughter is starting lessons",
        "trajectory": [
            *search("p1", [
                P("PD_DP8801", "Cadenza P-88 Digital Piano", 549.00, keys=88, action="graded hammer"),
                P("PD_DP6101", "Cadenza Lite 61-key Keyboard", 189.00, keys=61,
                  action="touch sensitive, unweighted"),
            ], query="digital piano weighted keys cheap"),
        ],
        "response": (
            "For lessons, the feel of the keys matters most. The Cadenza Lite at $189 is the budget pick: it "
            "has the same weighted, piano-like key feel as its big brother, just with 61 keys instead of 88, "
            "which is plenty for the first couple of years.\n\n<product>PD_DP6101</product>\n\n"
            "If you can stretch to $549, the P-88 adds the full 88 keys.\n<product>PD_DP8801</product>"),
        "fails": ("description_faithfulness", "ui_relevance"),
        "flaw": "hallucinated_spec",
        "note": "No category (Search-Multi-Constraint). DF fails: record says 'touch sensitive, "
                "unweighted', text claims the same weighted feel as the graded-hammer P-88. ui_relevance "
                "fails: the lead card lacks the stated need (feels like a real piano).",
    },
    {
        "id": "ind-f05-monitor-price",
        "query": "27 inch monitor for photo editing, 95%+ DCI-P3, USB-C 65W, max $450",
        "category": "search_multi_constraint",
        "trajectory": [*search("m1", MONITORS[:2], query="27 inch DCI-P3 USB-C 65W", max_price=450)],
        "response": (
            "Both of these tick every box. Interestingly they cost the same, $399, so the choice comes down "
            "to features: the Vistaro 27Q Pro is factory calibrated with 98% DCI-P3 and 90 W USB-C, while "
            "the Opalia PD27 trades calibration for 4K resolution.\n\n"
            "<product>PD_MN2744</product>\n<product>PD_MN2719</product>\n\n"
            "At the same price I'd take the Vistaro for colour work."),
        "fails": ("description_faithfulness",),
        "flaw": "hallucinated_price",
        "note": "DF fails: Vistaro PD_MN2744 costs $429, not $399; 'they cost the same' is stated in "
                "words and drives the recommendation.",
    },
    {
        "id": "ind-f06-knitting-total",
        "query": "Put together a beginner knitting kit for me, I want to make a scarf. Keep it under $60.",
        "category": "search_bundle",
        "trajectory": [
            *search("k1", [
                P("PD_KN1055", "Birchwood Knitting Needles 5.5 mm, pair", 11.99, size_mm=5.5, material="birch"),
                P("PD_KN2201", "Meadowsoft Chunky Merino Yarn, 3 x 100 g", 34.50, weight="chunky",
                  skeins=3, fibre="merino"),
                P("PD_KN3003", "Stitch Kit: markers, tapestry needles, tape measure", 8.75),
            ], query="beginner knitting scarf kit"),
        ],
        "response": (
            "A scarf is the perfect first project. You need needles, yarn and a few small tools:\n\n"
            "<product>PD_KN1055,PD_KN2201,PD_KN3003</product>\n\n"
            "5.5 mm birch needles are grippy, so stitches don't slide off; three 100 g skeins of chunky "
            "merino are enough for a long scarf and knit up quickly; the little tool kit has stitch markers, "
            "a tapestry needle for weaving in ends and a tape measure. All together that's $48.24, "
            "comfortably under your $60.\n\n"
            "Start with garter stitch (knit every row): it's flat, forgiving, and looks good in chunky yarn."),
        "fails": ("description_faithfulness",),
        "flaw": "hallucinated_price",
        "note": "DF fails: the bundle total is wrong, 11.99 + 34.50 + 8.75 = 55.24, not 48.24 (no "
                "python_execute was used). Still under $60, so ui_relevance passes.",
    },
    {
        "id": "ind-f07-drill-over-cap",
        "query": "Cordless drill under $120, brushless, two batteries — what's the best one?",
        "category": "search_multi_constraint",
        "trajectory": [*search("s1", DRILLS, query="brushless drill two batteries")],
        "response": (
            "The best of the bunch is the Kessler Pro 18V: brushless, two big 4.0Ah batteries, 85 Nm of "
            "torque and a hammer mode for masonry. It's $139, but you get a lot more drill for the money.\n\n"
            "<product>PD_DR5055</product>\n\n"
            "If you want to stay closer to budget, the Torvik 20V at $109 is a solid alternative with 60 Nm."
            "\n<product>PD_DR4410</product>"),
        "fails": ("ui_relevance",),
        "flaw": "constraint_violated",
        "note": "ui_relevance fails: the lead card PD_DR5055 costs $139 against the stated 'under $120'. "
                "Text is honest about the price, so DF passes.",
    },
    {
        "id": "ind-f08-earbuds-no-anc",
        "query": "Gym earbuds with noise cancelling, $60 to $150, that stay in",
        "category": "search_multi_constraint",
        "trajectory": [*search("e1", EARBUDS, query="ANC gym earbuds")],
        "response": (
            "Two solid picks:\n\n<product>PD_EB6120</product> Pulsefit ANC Sport ($89.99) with ear hooks "
            "and IPX5 for sweat.\n\n<product>PD_EB5004</product> If you'd rather save money, the Tonic Go "
            "($39.99) gives you 6 hours of battery and IPX4 splash protection for well under half the "
            "price.\n\nHooks are the most secure choice for running and jumping."),
        "fails": ("ui_relevance",),
        "flaw": "constraint_violated",
        "note": "ui_relevance fails: PD_EB5004 has no ANC and is below the stated $60 floor. The text does "
                "not claim it has ANC, so DF passes.",
    },
    {
        "id": "ind-f09-dogfood-chicken",
        "query": "My old lab is allergic to chicken and has a sensitive tummy. Which dry food should I get?",
        "trajectory": [
            *search("f1", [
                *DOGFOOD[:1],
                P("PD_DF3377", "VitaPaws Senior Digestive Care Chicken & Rice 12 kg", 49.99, protein="chicken",
                  grains="rice", life_stage="senior", breed_size="large", weight_kg=12, chicken_free=False),
            ], query="senior dog food sensitive stomach"),
        ],
        "response": (
            "For a senior with a delicate stomach, a dedicated digestive formula is the best place to "
            "start:\n\n<product>PD_DF3377</product>\n"
            "VitaPaws Senior Digestive Care is made for older large breeds and is the better value at "
            "$49.99 for 12 kg.\n\n<product>PD_DF1203</product>\n"
            "Harvest Hound Senior (lamb and brown rice, $71.99 for 13.6 kg) is the alternative.\n\n"
            "Switch over gradually across a week."),
        "fails": ("ui_relevance",),
        "flaw": "constraint_violated",
        "note": "No category (Search-Multi-Constraint). ui_relevance fails: the lead card PD_DF3377 is "
                "chicken-based, against the stated allergy. The text never claims it is chicken-free, "
                "so DF passes.",
    },
    {
        "id": "ind-f10-aquarium-unknown-id",
        "query": "What equipment do I need for a 20 gallon freshwater tank? Budget $200, I have the tank.",
        "category": "search_bundle",
        "trajectory": [*search("a1", AQUA, query="20 gallon freshwater aquarium equipment")],
        "response": (
            "Here's the full set, including substrate so you can plant it from the start:\n\n"
            "<product>PD_AQ1020,PD_AQ2231,PD_AQ3307,PD_AQ4415,PD_AQ5518,PD_AQ6620</product>\n\n"
            "Filter, 100 W heater with auto shut-off, a timer LED, a master test kit, water conditioner and "
            "a bag of planted-tank gravel. Cycle the tank for a few weeks before adding fish."),
        "fails": ("ui_completeness",),
        "flaw": "unknown_id",
        "note": "ui_completeness fails: PD_AQ6620 (the gravel) was returned by no tool, so that part of "
                "the bundle card cannot render. No prices or specs are invented for it beyond 'gravel'.",
    },
    {
        "id": "ind-f11-mat-typo-id",
        "query": "6mm vs 8mm Merrow mat — which is better for knee pain?",
        "category": "qa_compare",
        "trajectory": [*search("y1", MATS, query="Merrow yoga mat 6mm 8mm")],
        "response": (
            "For knee pain, the 8 mm. It has 2 mm more cushioning and is 5 cm wider; the cost is 700 g of "
            "extra weight (2.6 vs 1.9 kg) and $12 on the price.\n\n"
            "<product>PD_YM8080</product>\n<product>PD_YM6006</product>"),
        "fails": ("ui_completeness",),
        "flaw": "unknown_id",
        "note": "ui_completeness fails: PD_YM8080 is a typo of PD_YM8008 and no tool returned it, so the "
                "recommended 8 mm mat has no working card. Text facts are correct.",
    },
    {
        "id": "ind-f12-ukulele-unclosed",
        "query": "good ukulele for a grown-up beginner?",
        "category": "search_general",
        "trajectory": [
            *search("u1", [
                P("PD_UK2301", "Kalani Concert Ukulele Mahogany with Gig Bag", 79.00, size="concert",
                  includes=["gig bag", "clip-on tuner"], scale_in=15),
            ], query="ukulele beginner adult"),
        ],
        "response": (
            "A concert-size uke is the sweet spot for adult hands, and this one comes with a gig bag and a "
            "clip-on tuner so you can start straight away:\n\n<product>PD_UK2301<product>\n\n"
            "Expect the strings to stretch and need retuning for the first week."),
        "fails": ("ui_format", "ui_completeness"),
        "flaw": "malformed_card",
        "note": "ui_format fails: the card is never closed (<product>PD_UK2301<product>). It cannot "
                "render, so the only recommended product has no working card: ui_completeness fails too.",
    },
    {
        "id": "ind-f13-jack-markdown-link",
        "query": "low profile jack for a lowered car — which one?",
        "trajectory": [
            *search("j1", [
                P("PD_TJ2000", "Brask 2 Ton Low Profile Aluminium Jack", 149.00, capacity_t=2,
                  min_height_mm=85, max_height_mm=380, weight_kg=11.3),
            ], query="low profile trolley jack"),
        ],
        "response": (
            "The key spec for a lowered car is minimum height. The Brask goes down to 85 mm and lifts to "
            "380 mm, so it will slide under almost any lowered car:\n\n"
            "[Brask 2 Ton Low Profile Jack](product://PD_TJ2000)\n\n"
            "Always use axle stands once the car is up."),
        "fails": ("ui_format", "ui_completeness"),
        "flaw": "malformed_card",
        "note": "No category (Search-General). ui_format fails: a markdown link instead of a "
                "<product> tag; nothing renders, so ui_completeness fails as well.",
    },
    {
        "id": "ind-f14-sewing-missing-card",
        "query": "Stitchwell 300, Marlo QuickSew or Bernadine B12 for hemming jeans?",
        "category": "qa_compare",
        "trajectory": [*search("w1", SEWING, query="Stitchwell 300 Marlo QuickSew Bernadine B12")],
        "response": (
            "For denim, motor power and frame matter most. The Bernadine B12 has a 100 W motor and a metal "
            "frame, the strongest of the three; the Stitchwell 300 is computerised with 100 stitches but "
            "only 75 W.\n\n<product>PD_SW1200</product>\n<product>PD_SW3000</product>\n\n"
            "If money is tight, the Marlo QuickSew at $129 is a perfectly good choice for occasional hems: "
            "slow down at thick seams and it will get through."),
        "fails": ("ui_completeness",),
        "flaw": "missing_card",
        "note": "ui_completeness fails: the Marlo QuickSew is recommended (budget choice, with price) but "
                "has no card.",
    },
    {
        "id": "ind-f15-cat-missing-card",
        "query": "my cat is bored when I'm out all day, any ideas?",
        "trajectory": [
            *search("t1", [
                P("PD_CT4471", "Whiskerwhirl Automatic Feather Toy", 27.99, modes=3, auto_shutoff_min=15),
                P("PD_CT2208", "Foragepaw Treat Puzzle Feeder", 19.50, difficulty_levels=3),
                P("PD_CT9001", "Skyperch 150 cm Cat Tree with Window Hammock", 84.00, height_cm=150,
                  hammock=True),
            ], query="cat boredom toys"),
        ],
        "response": (
            "Three things help a lot: a puzzle feeder so food takes effort, an automatic feather toy for "
            "short hunting bursts, and the Skyperch cat tree by a window so she can watch birds from its "
            "hammock.\n\n<product>PD_CT2208</product>\n<product>PD_CT4471</product>\n\n"
            "Rotate the toys every week so they stay interesting."),
        "fails": ("ui_completeness",),
        "flaw": "missing_card",
        "note": "No category (Search-Fuzzy). ui_completeness fails: the Skyperch cat tree is named and "
                "recommended without a card.",
    },
    {
        "id": "ind-f16-stroller-carseat",
        "query": "What's a good lightweight stroller for flying with a toddler?",
        "category": "search_general",
        "trajectory": [
            *search("z1", [
                P("PD_CS7710", "Orbit Convertible Car Seat, FAA approved", 179.00, weight_kg=4.8, faa_approved=True),
                P("PD_ST2020", "Pocketway Cabin Stroller", 249.00, folded_cm="54 x 44 x 18", weight_kg=6.2),
            ], query="travel stroller toddler flight"),
        ],
        "response": (
            "For flying with a toddler, the most important piece of kit is a car seat that's approved for "
            "use on the plane: your child rides in their own familiar seat, and you have it at the other "
            "end for the rental car.\n\n<product>PD_CS7710</product>\n\n"
            "This one is FAA approved and weighs 4.8 kg, light enough to carry through the airport. Book "
            "your toddler their own seat and ask for a window so the car seat doesn't block the aisle."),
        "fails": ("text_relevance", "ui_relevance"),
        "flaw": "off_topic",
        "note": "text_relevance fails: answers 'what car seat to fly with' instead of the stroller that "
                "was asked for (the tool even returned one). ui_relevance fails: the carded car seat is "
                "not a stroller.",
    },
    {
        "id": "ind-f17-trail-shoes-plan",
        "query": "Can I run a trail half marathon in my normal road running shoes, or do I need trail shoes?",
        "category": "qa_consultation",
        "trajectory": [],
        "response": (
            "A trail half marathon is a great goal. Here's how to build up over eight weeks:\n\n"
            "- Weeks 1-2: three easy runs of 5-8 km plus one longer run of 10 km.\n"
            "- Weeks 3-5: add hill repeats once a week and build the long run to 16 km.\n"
            "- Weeks 6-7: one long run of 18-19 km on similar terrain to the race.\n"
            "- Week 8: taper, with short easy runs and plenty of sleep.\n\n"
            "Practise eating and drinking on the long runs so race day holds no surprises."),
        "fails": ("text_relevance",),
        "flaw": "off_topic",
        "note": "text_relevance fails: a fluent training plan that never answers the footwear question. "
                "No cards is correct for this consultation, no product claims, no tools.",
    },
    {
        "id": "ind-f18-kettle-descale-cards",
        "query": "How do I descale my electric kettle with vinegar?",
        "category": "qa_consultation",
        "trajectory": [
            *search("v1", [
                P("PD_DS0450", "LimeAway Kettle Descaler Sachets x6", 7.99, sachets=6),
                P("PD_KT1717", "Halo 1.7 L Glass Electric Kettle", 39.99, capacity_l=1.7),
            ], query="kettle descaler"),
        ],
        "response": (
            "1. Fill the kettle halfway with equal parts white vinegar and water.\n"
            "2. Bring it to the boil, switch off, and leave it for 30-60 minutes.\n"
            "3. Pour it away, scrub any remaining scale with a soft brush, and rinse.\n"
            "4. Boil a kettle of clean water once or twice and throw it away to get rid of the vinegar "
            "taste.\n\n"
            "You might also like these:\n<product>PD_DS0450</product>\n<product>PD_KT1717</product>"),
        "fails": ("ui_trigger",),
        "flaw": "cards_on_advice",
        "note": "ui_trigger fails: a how-to question with no purchase intent; a descaler and a new kettle "
                "are pushed as cards. The steps themselves are correct and on-topic. tool_use also "
                "fails: a product search was not needed to answer a how-to.",
        "tool_use": {"passed": False, "score": 0.3},
    },
    {
        "id": "ind-f19-sourdough-cards",
        "query": "my sourdough starter has been in the fridge for a month and smells like nail polish — can I "
                 "save it?",
        "trajectory": [
            *search("q1", [
                P("PD_FL0010", "Millhouse Organic Wholemeal Flour 1.5 kg", 3.80, weight_kg=1.5),
                P("PD_JR0500", "Weck Tulip Jar 1 L", 9.50, volume_l=1.0),
            ], query="sourdough flour jar"),
        ],
        "response": (
            "Almost certainly yes. The nail-polish smell is from a hungry starter, not a dead one. Pour off "
            "the grey liquid on top, keep about a tablespoon of starter, and feed it equal weights of flour "
            "and water (say 50 g each) twice a day at room temperature. Within 3-4 days it should double "
            "within 6-8 hours of a feed and smell pleasantly sour again. Only pink or orange streaks mean "
            "it's time to start over.\n\n"
            "<product>PD_FL0010</product>\n<product>PD_JR0500</product>"),
        "fails": ("ui_trigger",),
        "flaw": "cards_on_advice",
        "note": "No category (QA-Consultation). ui_trigger fails: cards for flour and a jar are attached "
                "to a rescue how-to with no request to buy anything. tool_use fails: the search served "
                "only the card push.",
        "tool_use": {"passed": False, "score": 0.3},
    },
    {
        "id": "ind-f20-mat-redundant-tools",
        "query": "Which Merrow mat, the 6 mm or 8 mm, if I mostly do yin yoga?",
        "category": "qa_compare",
        "trajectory": [
            *search("y1", MATS, query="Merrow yoga mat"),
            *search("y2", MATS, query="Merrow yoga mat"),
            call("y3", "web_search", query="history of yoga"),
            obs("y3", "Yoga originated in ancient India..."),
            *search("y4", MATS, query="Merrow yoga mat"),
            call("y5", "python_execute", code="print(54-42)"),
            obs("y5", "12"),
            call("y6", "python_execute", code="print(54-42)"),
            obs("y6", "12"),
        ],
        "response": (
            "For yin, where you hold poses on your knees, hips and back for minutes at a time, the 8 mm is "
            "the better choice: 2 mm more cushion and 5 cm wider. It is heavier (2.6 kg vs 1.9 kg) and $12 "
            "more, but in a slow practice you don't need the stability of a thin mat.\n\n"
            "<product>PD_YM8008</product>\n<product>PD_YM6006</product>\n\n"
            "Choose the 6 mm only if you carry it a long way."),
        "l2": ALL,
        "tool_use": {"passed": False, "score": 0.3},
        "flaw": "bad_tool_use",
        "note": "Final answer is good (L1 passes, L2 all pass). tool_use fails: the same product_search "
                "three times with identical arguments, an irrelevant web_search ('history of yoga') and "
                "the same python_execute twice.",
    },
    {
        "id": "ind-f21-monitor-empty-search",
        "query": "Need a 27\" monitor, 95% DCI-P3 or better, USB-C with at least 65W charging, under $450.",
        "trajectory": [
            call("m0", "product_search"),
            obs("m0", "error: missing required argument 'query'"),
            call("m1", "web_search", query="best monitors 2019"),
            obs("m1", "Our top 10 monitors of 2019 ..."),
            *search("m2", MONITORS[:2], query="27 inch DCI-P3 95 USB-C 65W", max_price=450),
        ],
        "response": (
            "Two fit: the Vistaro 27Q Pro ($429) with 98% DCI-P3, 90 W USB-C and factory calibration, and "
            "the Opalia PD27 ($399), $30 cheaper and 4K but right at your limits (95%, 65 W) and "
            "uncalibrated.\n\n<product>PD_MN2744</product>\n<product>PD_MN2719</product>\n\n"
            "For photo work, take the Vistaro; calibration matters more than pixels."),
        "l2": ALL,
        "tool_use": {"passed": False, "score": 0.4},
        "flaw": "bad_tool_use",
        "note": "No category (Search-Multi-Constraint). Good final answer. tool_use fails: an argument-"
                "less product_search that errors, then an outdated, unfocused web search before the one "
                "useful call. L2: every metric present in compact form.",
    },
    {
        "id": "ind-f22-espresso-offtopic-brew",
        "query": "Which thermal carafe keeps coffee hot longest for an all-day office meeting?",
        "category": "search_general",
        "trajectory": [
            *search("o1", [
                P("PD_TC2210", "Keepwarm 2.2 L Stainless Thermal Carafe", 44.00, capacity_l=2.2,
                  heat_retention_h=12, double_wall_vacuum=True),
            ], query="thermal carafe coffee hot all day"),
        ],
        "response": (
            "For great coffee at a long meeting, the brew matters most. Use a medium roast, about 60 g of "
            "coffee per litre, and water just off the boil (92-96 °C). Brew in batches rather than all at "
            "once, and grind right before brewing so the coffee doesn't go flat.\n\n"
            "<product>PD_TC2210</product>"),
        "fails": ("text_relevance",),
        "flaw": "off_topic",
        "note": "text_relevance fails: explains how to brew coffee instead of which carafe keeps it hot "
                "longest; the card is relevant (ui passes) but the 12 h retention the question hinges on "
                "is never addressed. No false product claims.",
    },
]

FLAWED = _FLAWED + INJECTION
