#!/usr/bin/env python3
"""Build the hand-labelled L2 development set (dev_l2.jsonl).

Deterministic, standard library only. Run from the repository root:

    python3 research/devset/l2/build.py            # writes dev_l2.jsonl
    python3 research/devset/l2/build.py --table    # also prints the README table

Every item is an on-topic, L1-correct answer (cards well formed, carded
products meet the stated needs, product facts copied from the records).
Only the depth and structure of the reasoning vary; the seven L2 labels are
hand-assigned from the response text (see README.md for the labelling policy).
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "dev_l2.jsonl")

L2_KEYS = [
    "core_decision_axis",
    "logical_consistency",
    "actionable_next_step",
    "path_differentiation",
    "route_prioritization",
    "product_level_comparison",
    "risk_mitigation",
]
SHORT = {
    "core_decision_axis": "CDA",
    "logical_consistency": "LC",
    "actionable_next_step": "ANS",
    "path_differentiation": "PD",
    "route_prioritization": "RP",
    "product_level_comparison": "PLC",
    "risk_mitigation": "RM",
}


def P(pid, name, price, **attrs):
    return {"id": pid, "name": name, "price": price, "currency": "USD", "attributes": attrs}


def S(call_id, arguments, products):
    return [
        {"kind": "tool_call", "name": "product_search", "arguments": arguments, "call_id": call_id},
        {
            "kind": "observation",
            "call_id": call_id,
            "content": f"{len(products)} products found.",
            "products": products,
        },
    ]


ITEMS = []


def item(iid, category, query, trajectory, response, l2, note, summary):
    """l2 is a 7-char string of 1/0 in L2_KEYS order: CDA LC ANS PD RP PLC RM."""
    assert len(l2) == 7 and set(l2) <= {"0", "1"}, iid
    ITEMS.append(
        {
            "id": iid,
            "rubric": "smartshop",
            "query": query,
            "category": category,
            "trajectory": trajectory,
            "response": response.strip(),
            "labels": {
                "l1_pass": True,
                "l1": {
                    "product_correctness": True,
                    "text_relevance": True,
                    "description_faithfulness": True,
                },
                "checks": {
                    "ui_format": True,
                    "ui_trigger": True,
                    "ui_relevance": True,
                    "ui_completeness": True,
                    "text_relevance": True,
                    "description_faithfulness": True,
                },
                "l2": {k: v == "1" for k, v in zip(L2_KEYS, l2, strict=True)},
                "tool_use": {"passed": True, "score": 1.0} if trajectory else None,
            },
            "flaw": "none",
            "injection": None,
            "note": note,
            "_summary": summary,
        }
    )


# ---------------------------------------------------------------------------
# search_multi_constraint (10)
# ---------------------------------------------------------------------------

item(
    "l2-audio-01",
    "search_multi_constraint",
    "I fly long-haul for work about twice a month. I need wireless over-ear headphones with noise cancelling, at least 30 hours of battery, under $150.",
    S("call_1", {"query": "wireless over-ear noise cancelling headphones", "max_price": 150}, [
        P("PD_52104418", "Velora Quiet 700 Wireless ANC Headphones", 139.99,
          form_factor="over-ear", anc_type="hybrid", battery_hours_anc_on=40, weight_g=254,
          foldable=True, wired_mode="3.5 mm cable included", quick_charge="10 min = 5 h"),
        P("PD_52104563", "Brisa SoundArc Over-Ear ANC Headphones", 119.00,
          form_factor="over-ear", anc_type="feedforward", battery_hours_anc_on=32, weight_g=298,
          foldable=False, wired_mode="3.5 mm cable included"),
        P("PD_52104790", "Velora Quiet 500 On-Ear Headphones", 89.99,
          form_factor="on-ear", anc_type="feedforward", battery_hours_anc_on=28, weight_g=196,
          foldable=True),
    ]),
    """
For twice-monthly long-haul flights, three things decide this: **how well it blocks engine drone**, **whether the battery outlasts a door-to-door travel day**, and **comfort after many hours on your head**. Two results meet all of your requirements:

<product>PD_52104418</product>

**My pick: Velora Quiet 700 ($139.99).** It uses hybrid ANC, which combines outer and inner microphones; that matters on a plane because the low, constant engine rumble is exactly the kind of noise hybrid systems handle best. The 40-hour battery (ANC on) covers a long-haul flight plus layovers with plenty to spare, so you can land, skip charging and still have it for the return leg. At 254 g it's also the lighter of the two, which you'll notice by hour eight, and it folds to fit a carry-on.

<product>PD_52104563</product>

**Budget alternative: Brisa SoundArc ($119.00).** It saves you $20.99 and still clears your battery bar at 32 hours, but feedforward-only ANC is generally less effective against low engine drone, it's heavier at 298 g, and it doesn't fold, so it takes up more room in your bag. Choose it only if the $20.99 matters more to you than a quieter cabin.

**Trade-offs to know:** 32 hours on the Brisa covers one long flight, but if you forget to charge between legs of a trip you could run out on the way home; the Velora's extra 8 hours is your buffer. And seat-back entertainment systems need a wired connection, so keep the included 3.5 mm cable in your bag.

**Next step:** the Velora quick-charges 5 hours of playback in 10 minutes, so plug it in at the gate whenever you're running low before boarding.
""",
    "1111111",
    "All seven L2 metrics pass: the response names three decision factors with why each matters on a long-haul flight, contrasts the two qualifying headphones in terms of what each means for the user, prefers the Velora with reasons, flags a battery-buffer trade-off and gives concrete next steps.",
    "Rich answer: axes with reasons, clear pick over budget option, specific trade-offs and steps.",
)

item(
    "l2-kitchen-02",
    "search_multi_constraint",
    "Air fryer for a family of 4: at least 5 quarts, dishwasher-safe basket, under $100.",
    S("call_1", {"query": "air fryer 5 quart dishwasher safe basket", "max_price": 100}, [
        P("PD_33817206", "Hearthly CrispMax 6 Qt Air Fryer", 89.99,
          capacity_qt=6, basket_dishwasher_safe=True, wattage_w=1700, presets=8, max_temp_f=400,
          footprint_in="13.2 x 11.0"),
        P("PD_33817359", "Oven & Co. TurboCrisp 5.8 Qt Air Fryer", 74.99,
          capacity_qt=5.8, basket_dishwasher_safe=True, wattage_w=1500, presets=6, max_temp_f=400,
          viewing_window=True),
        P("PD_33817488", "Hearthly CrispMini 3.5 Qt Air Fryer", 49.99,
          capacity_qt=3.5, basket_dishwasher_safe=True, wattage_w=1200, presets=4, max_temp_f=400),
    ]),
    """
Here are two air fryers that match what you asked for:

<product>PD_33817206</product>

**Hearthly CrispMax 6 Qt Air Fryer ($89.99)**
- Capacity: 6 qt
- Dishwasher-safe basket: yes
- Power: 1700 W
- 8 presets, up to 400°F

<product>PD_33817359</product>

**Oven & Co. TurboCrisp 5.8 Qt ($74.99)**
- Capacity: 5.8 qt
- Dishwasher-safe basket: yes
- Power: 1500 W
- 6 presets, up to 400°F, viewing window

Both are great choices for a family of four and fit your budget. Let me know if you'd like to see more options!
""",
    "0100000",
    "CDA fails: no factor is framed or explained; PD fails: the specs are listed side by side with no word on what the differences mean; RP/PLC fail: 'both are great' with no preference; ANS fails: only 'let me know'; RM fails: no risk or trade-off is raised.",
    "Plain spec list, 'both are great', generic closing.",
)

item(
    "l2-outdoor-03",
    "search_multi_constraint",
    "Women's trail running shoes, size 8, wide toe box, waterproof, under $130. I run muddy forest trails, mostly in spring and fall.",
    S("call_1", {"query": "women's waterproof trail running shoes wide toe box", "size": "8", "max_price": 130}, [
        P("PD_60233781", "Kestrel Ridge GTX Women's Trail Runner", 124.95,
          sizes_available=["7.5", "8", "8.5", "9"], width="wide",
          waterproof="yes (3-layer membrane)", lug_depth_mm=5, drop_mm=6, weight_g=290),
        P("PD_60233904", "Taluna Mudline WP Women's Trail Shoe", 109.00,
          sizes_available=["7", "8", "9"], width="wide toe box (foot-shaped last)",
          waterproof="yes (membrane)", lug_depth_mm=4, drop_mm=4, weight_g=265),
        P("PD_60234012", "Kestrel Ridge Women's Trail Runner", 99.95,
          sizes_available=["8", "8.5"], width="wide", waterproof="no", lug_depth_mm=5, drop_mm=6,
          weight_g=270),
    ]),
    """
Both of these meet every requirement (size 8 in stock, wide fit, waterproof, under $130), but they suit slightly different runners.

<product>PD_60233781</product>

**Kestrel Ridge GTX ($124.95): my pick for your trails.** On muddy forest trails, grip is what keeps you upright on descents, and its 5 mm lugs bite deeper into soft mud than the Taluna's 4 mm lugs, so they hold better when the ground is slick. Its 6 mm drop is also a more conventional feel if you're coming from road shoes.

<product>PD_60233904</product>

**Taluna Mudline WP ($109.00).** Its foot-shaped last is built around a wide toe box, and at 265 g it's the lighter shoe. The 4 mm drop, though, puts more load on your calves and Achilles; if your current shoes have a higher drop, that change can cause soreness for the first few weeks.

**Trade-offs:** a waterproof membrane keeps splashes out but also holds heat and sweat in. That's fine for spring and fall, but it can feel swampy on warm days, and if water comes in over the collar in a deep puddle, the shoe dries more slowly than a non-waterproof one.

Hope this helps, and happy trails!
""",
    "1101111",
    "ANS fails: the answer ends with 'hope this helps' and gives no concrete action; the hint about checking your current shoes' drop is only implied inside a caveat. The other six pass (grip and drop explained for muddy trails, a clear pick with a contrast on lugs, and specific membrane and drop risks).",
    "Strong comparison and risks but no next step.",
)

item(
    "l2-home-04",
    "search_multi_constraint",
    "Robot vacuum under $300 for a mostly carpeted house with two long-haired cats. Needs app control.",
    S("call_1", {"query": "robot vacuum pet hair carpet app control", "max_price": 300}, [
        P("PD_71450233", "Tidewell R5 Pet Robot Vacuum", 279.99,
          suction_pa=2700, main_brush="rubber roller (tangle-resistant)", app_control=True,
          dustbin_ml=450, runtime_min=120, carpet_boost=True),
        P("PD_71450378", "Nimbo Sweep S2 Robot Vacuum", 229.00,
          suction_pa=2500, main_brush="bristle roller", app_control=True, dustbin_ml=600,
          runtime_min=150, carpet_boost=True),
        P("PD_71450401", "Tidewell R3 Robot Vacuum", 199.99,
          suction_pa=1800, main_brush="bristle roller", app_control=False, dustbin_ml=400,
          runtime_min=100, carpet_boost=False),
    ]),
    """
With mostly carpet and two long-haired cats, **suction on carpet** is the deciding factor: cat hair works its way deep into carpet pile, and a weak vacuum only skims the top. **Brush type** is the second factor, because long hair wraps around bristle rollers and you end up cutting it free every few days.

Two options meet your budget and app requirement:

<product>PD_71450378</product>

**My recommendation: Nimbo Sweep S2 ($229.00).** Since suction is what matters most for your carpets, this is the one to get: 2,500 Pa with carpet boost, plus the bigger bin of the two (600 ml), so fewer empties during shedding season, and a 150-minute runtime to cover the whole house in one go.

<product>PD_71450233</product>

**Tidewell R5 Pet ($279.99).** Stronger at 2,700 Pa and has a tangle-resistant rubber roller, but a smaller 450 ml bin and a 120-minute runtime, and it costs $50.99 more.

**Watch out for:** the Nimbo's bristle roller will collect wrapped cat hair, so plan on cutting it free about once a week during heavy shedding.

**Before the first run:** pick up loose cords and set a no-go zone in the app around the litter box and water bowls, so it doesn't scatter litter or tip a bowl.
""",
    "1011111",
    "LC fails: it names suction (then brush type) as the deciding factors and then picks the Nimbo 'since suction is what matters most', although its own figures show the Tidewell has more suction (2,700 vs 2,500 Pa) and the tangle-resistant roller. ANS passes on the cords and no-go-zone steps. The other metrics pass: a reason is given for the pick, even though it contradicts the facts, and the roller risk is specific.",
    "Recommendation contradicts its own stated deciding factor (suction).",
)

item(
    "l2-office-05",
    "search_multi_constraint",
    "Office chair under $250. I'm 6'2\" and about 260 lb, and I need adjustable lumbar support and a mesh back.",
    S("call_1", {"query": "ergonomic mesh office chair adjustable lumbar high weight capacity", "max_price": 250}, [
        P("PD_24560917", "Ardent ErgoMesh Pro Office Chair", 239.00,
          back="mesh", lumbar="adjustable (height + depth)", max_weight_lb=300,
          seat_height_in="18.5-22.5", armrests="4D", seat_depth_adjustable=True),
        P("PD_24561044", "Corvo Task Mesh Chair", 189.99,
          back="mesh", lumbar="adjustable (height)", max_weight_lb=275, seat_height_in="17-21",
          armrests="2D", seat_depth_adjustable=False),
    ]),
    """
Here are two mesh chairs with adjustable lumbar support that are rated for your weight:

<product>PD_24560917</product>

**Ardent ErgoMesh Pro ($239.00)**: mesh back, lumbar adjustable for height and depth, rated to 300 lb, seat height 18.5–22.5 in, 4D armrests, adjustable seat depth.

<product>PD_24561044</product>

**Corvo Task Mesh Chair ($189.99)**: mesh back, height-adjustable lumbar, rated to 275 lb, seat height 17–21 in, 2D armrests.

I'd go with the Ardent ErgoMesh Pro.

One thing to keep in mind: at 260 lb, make sure the chair's rating sits comfortably above your weight, because a chair used close to its limit tends to wear out faster at the mesh and the gas cylinder.

Before ordering, measure from the floor to the underside of your desk, then check that your ideal seat height (knees at about 90° with your feet flat) falls inside the chair's range; at 6'2" you'll probably be using the upper part of it.
""",
    "0110001",
    "CDA fails: lumbar, weight rating and seat height are listed, but the response never says why they matter for this user. PD fails: the differences are shown as specs only. RP and PLC fail: 'I'd go with the Ardent' gives no reason. ANS (measuring the desk and seat height) and RM (wear when used close to the weight limit) pass.",
    "Preference stated with no reason; spec listing; concrete measuring step.",
)

item(
    "l2-electronics-06",
    "search_multi_constraint",
    "27\" 1440p monitor, 144 Hz or higher, under $300. It'll be for PS5 gaming in the evening and spreadsheets during the day.",
    S("call_1", {"query": "27 inch 1440p 144Hz monitor", "max_price": 300}, [
        P("PD_81902256", "Lumetra QX27 QHD Gaming Monitor", 279.99,
          size_in=27, resolution="2560x1440", refresh_hz=165, panel="IPS", hdmi="2 x HDMI 2.0",
          displayport=1, stand="height + tilt + swivel", built_in_speakers=False),
        P("PD_81902371", "Pixona Vista 27Q Monitor", 249.00,
          size_in=27, resolution="2560x1440", refresh_hz=144, panel="VA", hdmi="1 x HDMI 2.0",
          displayport=1, stand="tilt only", built_in_speakers="2 x 3 W"),
    ]),
    """
Your use splits into two jobs, and each one points at a different spec. For **daytime spreadsheets**, what matters is clear text and being able to set the screen at eye level, because you'll be looking at it for hours and a screen that sits too low shows up as neck strain. For **evening PS5 gaming**, the key is a 1440p panel the console can drive; refresh rates above 120 Hz won't change anything on a PS5, so they shouldn't drive the decision.

<product>PD_81902256</product>

**Lumetra QX27 ($279.99): the better fit for you.** The IPS panel keeps text and colours even across a wide spreadsheet, and the height/tilt/swivel stand lets you raise it to eye level for work and swivel it toward the couch for gaming. Two HDMI 2.0 ports mean the PS5 and a work laptop can both stay plugged in.

<product>PD_81902371</product>

**Pixona Vista 27Q ($249.00).** It costs $30.99 less and has built-in speakers (2 × 3 W), which is handy if you don't use a headset with the PS5. Its stand only tilts, though, so you can't raise it for work, and with a single HDMI port you'd be swapping cables between the PS5 and a laptop.

So the Lumetra is worth the extra money for your split use; the Pixona makes sense only if you want console audio without a headset and a single fixed setup.

**To set it up:** on the PS5, go to Settings → Screen and Video → Video Output and select 1440p as the resolution.
""",
    "1111110",
    "RM fails: the response raises no risk, caveat or downside of the recommended Lumetra; the Pixona's weak points only serve as comparison points, which count toward PD/PLC, not as a warning. The other six pass: both jobs are explained as decision axes, the options are contrasted by what each means for the user, the pick has a reason, and the PS5 setting step is concrete.",
    "Strong structured comparison; no caveat about the pick.",
)

item(
    "l2-baby-07",
    "search_multi_constraint",
    "Convertible car seat under $250 that fits in a compact car (Honda Fit) and stays rear-facing to at least 40 lb.",
    S("call_1", {"query": "convertible car seat compact narrow rear-facing 40 lb", "max_price": 250}, [
        P("PD_19043327", "Snugway Slim 360 Convertible Car Seat", 229.99,
          width_in=17.0, rear_facing_lb="5-50", forward_facing_lb="22-65",
          installation="LATCH or seat belt", recline_positions=6, seat_weight_lb=19.8),
        P("PD_19043460", "Bramble Journey Convertible Car Seat", 179.00,
          width_in=19.5, rear_facing_lb="5-40", forward_facing_lb="22-65",
          installation="LATCH or seat belt", recline_positions=4, seat_weight_lb=21.4),
    ]),
    """
The key things here are width, rear-facing limit and installation.

<product>PD_19043327</product>

**Snugway Slim 360 ($229.99)** is the one I'd pick: it's the narrowest seat that came up at 17.0 in (the other option was 19.5 in), and it stays rear-facing from 5 to 50 lb, beyond your 40 lb target, then forward-facing from 22 to 65 lb. It installs with LATCH or the seat belt and has 6 recline positions.

**Heads-up:** a rear-facing convertible seat in a small car usually takes space from the front passenger's legroom, especially at the more reclined positions you'll use for a newborn, so the front seat may need to slide forward quite a bit.

**Next step:** before buying, slide the front passenger seat to where you normally keep it and measure the gap to the back seat; if you can, test-install a floor model in your car at a store.
""",
    "0110111",
    "CDA fails: width, rear-facing limit and installation are named, but the response never says why they matter; the link to the Honda Fit is left implied. PD fails: the other seat appears only as one number (19.5 in), with no word on what choosing it would mean. RP and PLC pass (narrowest of the results plus a higher rear-facing limit), RM passes (front legroom in a small car) and ANS passes (measure the gap, test-install).",
    "Factors named without why; alternative reduced to one number; good risk and step.",
)

item(
    "l2-fitness-08",
    "search_multi_constraint",
    "Adjustable dumbbells, a pair, going up to at least 50 lb each, under $300, and small enough for an apartment.",
    S("call_1", {"query": "adjustable dumbbells pair 50 lb compact", "max_price": 300}, [
        P("PD_45270813", "Ironvale QuickDial 52 Adjustable Dumbbells (Pair)", 289.00,
          weight_range_lb="5-52.5 per dumbbell", settings=15, adjustment="dial",
          footprint_in="16 x 8 per dumbbell (with tray)", trays_included=True),
        P("PD_45270966", "Ironvale QuickDial 25 Adjustable Dumbbells (Pair)", 149.00,
          weight_range_lb="5-25 per dumbbell", settings=10, adjustment="dial",
          footprint_in="13 x 7 per dumbbell (with tray)", trays_included=True),
    ]),
    """
The Ironvale QuickDial 52 fits what you're after:

<product>PD_45270813</product>

- Adjusts from 5 to 52.5 lb per dumbbell across 15 settings using a dial
- Each dumbbell with its tray takes up 16 × 8 in
- Sold as a pair for $289.00, trays included

Before you order, mark out two 16 × 8 in rectangles with tape where you plan to keep them, and check that there's still room to stand beside them and lift.
""",
    "0110000",
    "CDA fails: no factor is framed or explained. PD, RP and PLC fail: a single product with no alternatives or reasons for choosing it. RM fails: no risk is raised (noise, floor protection and so on). ANS passes on the concrete tape-out check.",
    "Single product, facts only, one concrete step.",
)

item(
    "l2-pet-09",
    "search_multi_constraint",
    "Crate for my 60 lb Lab: 42 inch, foldable, with a divider panel, under $120.",
    S("call_1", {"query": "42 inch foldable dog crate divider", "max_price": 120}, [
        P("PD_66312047", "Pawstead Fold&Go 42\" Double-Door Crate", 84.99,
          size_in="42 x 28 x 30", doors=2, divider=True, foldable=True,
          tray="plastic, removable", max_dog_weight_lb=90, crate_weight_lb=31),
        P("PD_66312190", "Kennelcraft Sturdy 42\" Heavy-Wire Crate", 112.50,
          size_in="42 x 28 x 31", doors=1, divider=True, foldable=True,
          tray="metal, removable", wire="heavy-gauge", max_dog_weight_lb=90, crate_weight_lb=43),
    ]),
    """
Both of these tick all your boxes (42 in, foldable, divider included, under $120):

<product>PD_66312047</product>

**Pawstead Fold&Go ($84.99)**: two doors, plastic tray, 31 lb.

<product>PD_66312190</product>

**Kennelcraft Sturdy ($112.50)**: one door, metal tray, heavy-gauge wire, 43 lb.

How they differ in practice: the Pawstead's second door gives you more freedom in where you put it (along a wall with the side door facing the room, for example), and at 31 lb it's easier to fold and carry out to the car. The Kennelcraft's heavy-gauge wire and metal tray stand up better to a dog who paws at or chews the crate, but at 43 lb it's more of a fixture than something you move often.

Both are great options; it really comes down to your preference!

One caution: Labs often chew while they're getting used to a crate, and a plastic tray can be chewed if your dog pulls an edge through the bars, which is worth bearing in mind in the first weeks.
""",
    "0101001",
    "CDA fails: the differences are described crate by crate, but the response never says which factors should drive this owner's choice ('comes down to your preference'). RP and PLC fail: 'both are great', no pick. ANS fails: 'worth bearing in mind' is not an action. PD passes (what each crate means in practice) and RM passes (a Lab chewing the plastic tray).",
    "Good practical differences but no decision axis or pick.",
)

item(
    "l2-beauty-10",
    "search_multi_constraint",
    "Fragrance-free daily moisturizer with SPF 30 or higher for sensitive skin, under $25. I work in an office, so I'm mostly indoors.",
    S("call_1", {"query": "fragrance free moisturizer SPF 30 sensitive skin", "max_price": 25}, [
        P("PD_90417725", "Dermaly Calm Daily Moisturizer SPF 30", 16.99,
          spf=30, fragrance_free=True, sunscreen_type="mineral (zinc oxide)", size_ml=75,
          finish="matte", alcohol_free=True),
        P("PD_90417861", "Solenne Barrier Shield Moisturizer SPF 50", 22.50,
          spf=50, fragrance_free=True, sunscreen_type="chemical (avobenzone, octisalate)",
          size_ml=50, finish="dewy", alcohol_free=True),
    ]),
    """
For sensitive skin, the **sunscreen type** matters more than the SPF number: mineral filters like zinc oxide sit on top of the skin rather than being absorbed, which is why they're usually the first choice for reactive skin. And since you're mostly indoors at an office, **SPF 30** is plenty for daily wear; you don't need a higher number for the walk to work.

<product>PD_90417725</product>

**Dermaly Calm Daily SPF 30 ($16.99)**: zinc oxide, fragrance-free and alcohol-free, matte finish, 75 ml.

<product>PD_90417861</product>

**Solenne Barrier Shield SPF 50 ($22.50)**: chemical filters (avobenzone, octisalate), fragrance-free and alcohol-free, dewy finish, 50 ml.

The Dermaly gives you more product for less money and the filter type suited to reactive skin, while the Solenne has a dewier finish that some people like under makeup.

**My pick: the Solenne Barrier Shield**, because the extra protection of SPF 50 and its chemical filters make it the better choice for sensitive skin.
""",
    "1001110",
    "LC fails: the response says mineral filters are the first choice for reactive skin and that SPF 30 is plenty indoors, then picks the chemical-filter SPF 50 'for sensitive skin'. ANS fails: no next step. RM fails: no risk or caveat is raised for the user to manage. CDA, PD, RP and PLC pass as written (axes with reasons, outcome differences, and a stated reason for the pick).",
    "Pick contradicts the response's own reasoning (mineral, SPF 30 plenty).",
)

# ---------------------------------------------------------------------------
# search_general (8)
# ---------------------------------------------------------------------------

item(
    "l2-kitchen-11",
    "search_general",
    "Looking for a good chef's knife.",
    S("call_1", {"query": "chef's knife 8 inch"}, [
        P("PD_37720158", "Kurokawa Gyuto 8\" Chef's Knife", 129.00,
          blade_length_in=8, steel="VG-10 stainless", hardness_hrc=60, weight_g=180,
          handle="pakkawood", edge_angle="15° per side"),
        P("PD_37720294", "Harlan & Voss Classic 8\" Chef's Knife", 89.95,
          blade_length_in=8, steel="X50CrMoV15 German stainless", hardness_hrc=56, weight_g=250,
          handle="POM synthetic", edge_angle="20° per side", full_tang=True),
        P("PD_37720331", "Brightline Everyday 8\" Chef's Knife", 34.99,
          blade_length_in=8, steel="3Cr13 stainless", hardness_hrc=52, weight_g=170,
          handle="polypropylene", edge_angle="20° per side"),
    ]),
    """
Since you didn't mention a style, the choice comes down to two things that shape your day-to-day cooking:

- **Steel hardness:** harder steel (higher HRC) holds a sharp edge longer, so you sharpen less often, but it's more brittle and can chip if it hits bone or frozen food. Softer steel dulls sooner but handles rough use and is easy to touch up with a honing rod.
- **Weight and edge angle:** a heavier knife with a wider edge powers through squash and chicken joints; a lighter knife with a thinner edge slices vegetables and herbs with less effort but needs more careful handling.

<product>PD_37720294</product>

**Best for most home cooks: Harlan & Voss Classic ($89.95).** German X50CrMoV15 steel at 56 HRC with a 20° edge, full tang, 250 g. It's the most forgiving of the three: it copes with hard squash and the odd chicken joint without chipping, and a few strokes on a honing rod bring the edge back. If you cook a bit of everything and don't want to baby a knife, this is the one.

<product>PD_37720158</product>

**For precision cutting: Kurokawa Gyuto ($129.00).** VG-10 at 60 HRC with a 15° edge and only 180 g, so it glides through onions and tomatoes and stays sharp much longer. The trade-off: that hard, thin edge can chip on bones or frozen food, and it should be sharpened on a whetstone rather than a pull-through sharpener. Choose it if most of your cutting is vegetables and you're happy to maintain it.

<product>PD_37720331</product>

**Budget option: Brightline Everyday ($34.99).** 3Cr13 steel at 52 HRC, 170 g. It's fine for occasional cooking, but at that hardness it will dull noticeably faster than the other two, so expect to sharpen it often.

**Avoid with any of these:** the dishwasher and long soaks, and glass or stone cutting boards, which dull an edge quickly; use wood or plastic.

**Next step:** if you go with the Harlan & Voss, add a honing rod and give it a few strokes before each session; if you choose the Kurokawa, budget for a combination whetstone (for example 1000/6000 grit).
""",
    "1111111",
    "All seven pass: two decision axes, each with a causal explanation; three routes differentiated by cooking style; a justified default pick over the other two; chipping and dulling risks; and concrete maintenance next steps.",
    "Rich answer for a vague query: axes, routes, pick, risks, steps.",
)

item(
    "l2-home-12",
    "search_general",
    "I need a new pillow. I sleep on my side and wake up with a stiff neck.",
    S("call_1", {"query": "pillow for side sleepers neck support"}, [
        P("PD_58830412", "Drowsa Contour Memory Foam Pillow", 59.00,
          fill="memory foam", loft_in=5.0, firmness="medium-firm", shape="contoured",
          cover="removable, machine washable"),
        P("PD_58830576", "Loomfield Adjustable Shredded Foam Pillow", 49.99,
          fill="shredded memory foam", loft_in="adjustable (up to 6.5)", firmness="medium",
          shape="standard", cover="removable, machine washable"),
    ]),
    """
For a side sleeper with a stiff neck, **loft (height)** is the big factor. When you lie on your side, the pillow has to fill the gap between your ear and the outer edge of your shoulder so your neck stays level. Too low and your head tips down, too high and it bends up; either way your neck muscles work all night, which is what leaves you stiff in the morning. **Firmness** comes second, because a pillow that's too soft compresses and loses that height by morning.

Here are two options:

<product>PD_58830412</product>

**Drowsa Contour Memory Foam Pillow ($59.00)**: memory foam, 5.0 in loft, medium-firm, contoured shape, washable cover.

<product>PD_58830576</product>

**Loomfield Adjustable Shredded Foam Pillow ($49.99)**: shredded memory foam, adjustable loft up to 6.5 in, medium, washable cover.

Either one could work well, so go with whichever appeals to you.

**How to check the fit:** measure from the side of your neck to the outer edge of your shoulder; that distance is roughly the loft you need. Give a new pillow about a week before judging it, since your neck needs time to adjust.

**One caution:** memory foam can sleep warm, so if you tend to overheat at night, factor that in.
""",
    "1110001",
    "PD fails: the two pillows are given as spec lines, and the response never says what adjustable versus fixed loft means for this user, although it has just explained that loft is the key factor. RP and PLC fail: 'either one could work well'. CDA (loft and firmness with causal roles), ANS (measure neck to shoulder) and RM (memory foam sleeps warm) pass.",
    "Good axis and step, but no comparison or pick.",
)

item(
    "l2-electronics-13",
    "search_general",
    "Show me some portable chargers.",
    S("call_1", {"query": "portable charger power bank"}, [
        P("PD_82215504", "Voltnest Slim 10K Power Bank", 24.99,
          capacity_mah=10000, max_output_w=20, ports="1 x USB-C, 1 x USB-A", weight_g=190),
        P("PD_82215639", "Voltnest Max 20K Power Bank", 44.99,
          capacity_mah=20000, max_output_w=30, ports="2 x USB-C, 1 x USB-A", weight_g=360),
        P("PD_82215777", "Chargo Mini 5K Magnetic Power Bank", 29.99,
          capacity_mah=5000, max_output_w=15, ports="1 x USB-C", weight_g=120, magnetic=True),
    ]),
    """
Here are three portable chargers in different sizes:

<product>PD_82215777</product>

**Chargo Mini 5K Magnetic ($29.99)**: 5,000 mAh, 15 W, one USB-C port, 120 g, magnetic.

<product>PD_82215504</product>

**Voltnest Slim 10K ($24.99)**: 10,000 mAh, 20 W, USB-C + USB-A, 190 g.

<product>PD_82215639</product>

**Voltnest Max 20K ($44.99)**: 20,000 mAh, 30 W, 2 × USB-C + USB-A, 360 g.

What the differences mean day to day: the 5K attaches magnetically to compatible phones for a quick top-up during an evening out; the 10K has twice the capacity and still fits a pocket, which suits a full day of travel; the 20K doubles that again and has enough ports to charge a phone and a tablet at the same time, and at 360 g it's sized for a bag rather than a pocket.

Hope that helps!
""",
    "0101000",
    "PD passes: the response explains what each size means day to day. CDA fails: it never frames which factors should decide or asks about the user's use. RP and PLC fail: no preference. ANS fails: only 'hope that helps'. RM fails: no risk or caveat is raised (the 360 g weight is stated neutrally as a size difference).",
    "Explains size tiers but gives no axis, pick, step or risk.",
)

item(
    "l2-outdoor-14",
    "search_general",
    "I want a camping hammock.",
    S("call_1", {"query": "camping hammock"}, [
        P("PD_61174420", "Canopia Trailhang Single Hammock", 39.99,
          type="single", size_ft="9 x 4.5", weight_capacity_lb=300, weight_g=510,
          straps_included=True, bug_net=False),
        P("PD_61174583", "Canopia Trailhang Double Hammock", 54.99,
          type="double", size_ft="10 x 6.5", weight_capacity_lb=500, weight_g=790,
          straps_included=True, bug_net=False),
        P("PD_61174699", "Nettle Ridge Bug-Free Hammock", 79.00,
          type="single", size_ft="10 x 4.7", weight_capacity_lb=350, weight_g=880,
          straps_included=True, bug_net="integrated"),
    ]),
    """
Important specs for a camping hammock are size, weight capacity, bug protection and packed weight. Here are the three I found:

<product>PD_61174583</product>

**My top pick: Canopia Trailhang Double ($54.99).** The extra width (6.5 ft vs 4.5 ft on the single) makes it roomier and more comfortable to sleep in, and it costs only $15.00 more than the single. It also has a 500 lb capacity.

<product>PD_61174420</product>

**Lightest: Canopia Trailhang Single ($39.99).** 510 g vs 790 g for the double, so it's the one to get if you're backpacking and counting grams; otherwise the double gives you more room for very little extra weight.

<product>PD_61174699</product>

**With a bug net: Nettle Ridge Bug-Free ($79.00).** Its integrated bug net means you don't need to buy a separate one; 350 lb capacity, 880 g.

**Setting up:** all three include straps. Look for two healthy trees roughly 12–15 feet apart and fix the straps at about head height.
""",
    "0111110",
    "CDA fails: the opening only lists specs, and why width or a bug net matters is asserted weakly ('roomier', 'don't need to buy a separate one') and never tied to the user. RM fails: no risk or pitfall is raised. PD passes (backpacking versus comfort versus bugs), RP and PLC pass (the double over the single for width at $15.00 more), and ANS passes (tree spacing and strap height).",
    "Justified pick and routes, but weak axis and no risks.",
)

item(
    "l2-fitness-15",
    "search_general",
    "Yoga mat recommendations? I have sensitive knees and I carry my mat to class on my bike.",
    S("call_1", {"query": "yoga mat thick cushioning lightweight"}, [
        P("PD_47790136", "Asana Loft Cushion Yoga Mat 6mm", 54.00,
          thickness_mm=6, weight_kg=1.8, material="TPE", surface="textured",
          carry_strap_included=True),
        P("PD_47790271", "Asana Travel Grip Yoga Mat 4mm", 48.00,
          thickness_mm=4, weight_kg=1.1, material="natural rubber",
          surface="high-grip polished", carry_strap_included=True),
    ]),
    """
Your two needs pull in opposite directions. **Cushioning** protects your knees in kneeling poses like low lunge and cat-cow, and that comes from thickness. **Weight** matters because you carry the mat on a bike, where extra bulk is awkward on your back or rack. Of the two, your knees should come first: a slightly heavier mat is a minor nuisance on the ride, but sore knees can keep you out of class.

<product>PD_47790271</product>

**My pick: Asana Travel Grip Mat 4mm ($48.00).** At 1.1 kg it's the lighter option, and the natural rubber with a high-grip polished surface keeps your hands from sliding in downward dog.

<product>PD_47790136</product>

**Asana Loft Cushion Mat 6mm ($54.00).** The extra 2 mm of TPE is noticeably softer under your knees, but it weighs 1.8 kg.

Both come with a carry strap.

**Watch out for:** natural rubber has a rubbery smell for the first week or two and isn't suitable if you have a latex allergy, and the softer TPE mat tends to show wear sooner.
""",
    "1001111",
    "LC fails: the response says the knees should come first, then picks the thinner 4 mm mat for its lower weight, against its own priority. ANS fails: no next step. CDA, PD, RP, PLC and RM pass as written: the axes are explained, the pick has a stated reason (weight and grip), and the rubber and latex risks are specific.",
    "Stated priority (knees) contradicted by the pick (thinner, lighter mat).",
)

item(
    "l2-baby-16",
    "search_general",
    "What's a good baby monitor? We live in a two-story house and I'm a bit uneasy about Wi-Fi cameras.",
    S("call_1", {"query": "baby monitor video"}, [
        P("PD_15528301", "Hushly View 5\" Video Baby Monitor", 119.99,
          connection="non-Wi-Fi (FHSS 2.4 GHz)", screen_in=5, range_ft=1000, night_vision=True,
          two_way_talk=True, parent_unit_battery_hours=10),
        P("PD_15528444", "Lullabeam Duo 4.3\" Video Baby Monitor", 99.99,
          connection="non-Wi-Fi (FHSS 2.4 GHz)", screen_in=4.3, range_ft=900, night_vision=True,
          two_way_talk=True, parent_unit_battery_hours=12),
        P("PD_15528590", "NestWatch Smart Wi-Fi Baby Camera", 149.00,
          connection="Wi-Fi (app)", resolution="1080p", night_vision=True, two_way_talk=True,
          remote_viewing=True),
    ]),
    """
Given your unease about Wi-Fi cameras, the first decision is **the connection type**, and I'd go with a **non-Wi-Fi monitor**. These send video straight from the camera to the parent unit over their own frequency-hopping radio link (FHSS), so there's no internet account or app that could be reached remotely, and they keep working if your router goes down. What you give up compared with a Wi-Fi camera is checking in from your phone when you're away from home, which many parents don't need in the first year.

The second factor is **range**, because in a two-story house the signal has to pass through a floor and several walls, which cuts real-world range well below the rated figure.

Both of these non-Wi-Fi monitors fit:

<product>PD_15528301</product>

**Hushly View ($119.99)**: 5 in screen, 1,000 ft rated range, night vision, two-way talk, 10 h battery.

<product>PD_15528444</product>

**Lullabeam Duo ($99.99)**: 4.3 in screen, 900 ft rated range, night vision, two-way talk, 12 h battery.

**Check before you commit:** once it arrives, set up the camera in the nursery and walk the parent unit to the farthest rooms you use, including the kitchen and any basement. If the picture drops out, move the camera away from the router and the microwave, which share the 2.4 GHz band. Keep the box until you've done this test.

**Safety note:** mount the camera and route its cord at least 3 feet from the crib so the baby can't reach it.
""",
    "1111101",
    "PLC fails: the category choice (non-Wi-Fi) is argued well, but the response never says why one of the two carded monitors would suit this user over the other; they are given as spec lines. The other six pass: connection and range are explained, the Wi-Fi and non-Wi-Fi routes are contrasted, the category preference has a reason, and the range test and cord-safety risk are concrete.",
    "Category-level preference justified; no product-level choice.",
)

item(
    "l2-office-17",
    "search_general",
    "Need a desk lamp.",
    S("call_1", {"query": "LED desk lamp"}, [
        P("PD_27740185", "Lumio Arc LED Desk Lamp", 39.99,
          brightness_lm=600, color_temp_k="2700-6500", dimmable=True, usb_charging_port=True,
          arm="adjustable"),
        P("PD_27740302", "Brightwell Task Clamp Lamp", 32.50,
          brightness_lm=800, color_temp_k=5000, dimmable=True, mount="desk clamp",
          arm="swing arm"),
    ]),
    """
Here are a couple of good desk lamps:

<product>PD_27740185</product>

**Lumio Arc LED Desk Lamp ($39.99)**: 600 lumens, adjustable colour temperature from 2700K to 6500K, dimmable, USB charging port.

<product>PD_27740302</product>

**Brightwell Task Clamp Lamp ($32.50)**: 800 lumens, 5000K, dimmable, clamps to the desk with a swing arm.

Both are solid choices at a good price. It's worth reading customer reviews to see which one suits you best!
""",
    "0100000",
    "CDA, PD, RP and PLC fail: two spec lines and 'both are solid choices', with no factors, no contrast in meaning and no preference. ANS fails: 'read customer reviews' is generic. RM fails: no risk is raised.",
    "Plain: two spec lines and a generic 'read reviews'.",
)

item(
    "l2-pet-18",
    "search_general",
    "Cat litter suggestions? Small apartment, one cat, and the smell is my main problem.",
    S("call_1", {"query": "cat litter odor control clumping"}, [
        P("PD_68820417", "ClumpRight Activated Carbon Clumping Litter 20 lb", 18.99,
          type="clay, clumping", odor_control="activated carbon", dust="99% dust-free",
          scented=False),
        P("PD_68820553", "PineLeaf Natural Pine Pellet Litter 20 lb", 14.49,
          type="pine pellets, non-clumping", odor_control="natural pine", dust="low dust",
          scented=False),
        P("PD_68820690", "Meadow Fresh Scented Clumping Litter 25 lb", 16.99,
          type="clay, clumping", odor_control="fragrance", scented=True),
    ]),
    """
In a small apartment the smell mostly comes from urine that stays in the box, so two things decide it: **how completely you can remove urine**, because clumping litter lets you lift it out with every scoop instead of letting it soak in, and **what does the odour control**, because activated carbon or natural absorbents trap ammonia, which is the source of the smell.

<product>PD_68820417</product>

**Best for your situation: ClumpRight Activated Carbon ($18.99 for 20 lb).** It clumps, so urine comes out with every scoop, and activated carbon traps ammonia odour rather than masking it. It's also unscented and 99% dust-free.

<product>PD_68820553</product>

**Cheaper alternative: PineLeaf Pine Pellets ($14.49 for 20 lb).** Pine absorbs odour naturally and is low dust, but the pellets don't clump, so urine soaks in and you replace the whole box more often, which is what you're trying to avoid in a small space.
""",
    "1101110",
    "ANS fails: nothing tells the user what to do next (scooping frequency, box placement or a transition plan). RM fails: the response raises no risk or caveat for the pick; the pellets' downside only serves as the comparison reason. CDA, PD, RP and PLC pass (urine removal and odour control explained, a clumping pick over the pellets with reasons).",
    "Clear axis and justified pick; no step, no caveat.",
)

# ---------------------------------------------------------------------------
# search_fuzzy (5)
# ---------------------------------------------------------------------------

item(
    "l2-home-19",
    "search_fuzzy",
    "my bedroom gets stuffy and warm at night and I can't sleep, but anything loud will keep me up too. what can help?",
    S("call_1", {"query": "quiet bedroom fan"}, [
        P("PD_74410829", "Zephra Silent Tower Fan 36\"", 89.99,
          type="tower", noise_db_lowest=24, speeds=12, oscillation=True, timer_hours=12,
          remote=True),
        P("PD_74410963", "Breezo DC Pedestal Fan", 119.00,
          type="pedestal", noise_db_lowest=20, speeds=24, motor="DC", oscillation=True,
          timer_hours=8, remote=True),
    ]) + S("call_2", {"query": "quiet air purifier bedroom"}, [
        P("PD_74411207", "Purelle Night HEPA Air Purifier", 129.99,
          coverage_sqft=250, noise_db_sleep_mode=22, filter="True HEPA", cadr=150),
        P("PD_74411352", "Purelle Compact Air Purifier", 79.99,
          coverage_sqft=150, noise_db_sleep_mode=26, filter="HEPA-type", cadr=90),
    ]),
    """
"Stuffy and warm" is mostly about **air movement and heat**, not dust, so what will help your sleep most is a fan: air moving across your skin makes you feel cooler and breaks up the still, heavy air that feels stuffy. An air purifier filters particles but doesn't cool you, so I'd only add one if allergies are also part of the problem. The second factor is **noise on the lowest setting**, because that's the setting you'll actually sleep with.

<product>PD_74410963</product>

**My pick: Breezo DC Pedestal Fan ($119.00).** Its DC motor runs as low as 20 dB on the lowest setting, quieter than the tower fan's 24 dB, and 24 speed steps let you find just enough breeze without a noticeable hum. As a pedestal fan it can be aimed at the bed, and its 8-hour timer can switch it off before the early-morning chill.

<product>PD_74410829</product>

**Cheaper and slimmer: Zephra Silent Tower Fan ($89.99).** It has 12 speeds, a 12-hour timer and a small footprint if your bedroom is short on floor space. It saves $29.01 but is 4 dB louder on its lowest setting, which matters if you're a light sleeper.

**Trade-off:** a fan moves air but doesn't lower the room temperature. If the room stays hot even with the fan running, the real fix is ventilation: open a window a little and place the fan near it to pull in cooler night air.

**Tonight:** set the fan 3–4 ft from the bed, aimed at your torso rather than your face so your eyes don't dry out, on the lowest speed that feels cooling, with the timer at 8 hours.
""",
    "1111111",
    "All seven pass: the response explains why air movement and low-setting noise decide this, contrasts the fan route with the purifier route and the pedestal fan with the tower fan, justifies the Breezo over the Zephra, flags the no-cooling trade-off and gives a concrete setup for tonight.",
    "Rich fuzzy-intent answer: category route, product pick, risk, step.",
)

item(
    "l2-kitchen-20",
    "search_fuzzy",
    "that little thing that makes milk foamy for lattes? nothing fancy",
    S("call_1", {"query": "milk frother", "max_price": 40}, [
        P("PD_39904418", "Frothwell Handheld Milk Frother", 12.99,
          type="handheld whisk", power="2 x AA batteries", stand_included=True),
        P("PD_39904562", "Cremalo Electric Milk Frother & Heater", 34.99,
          type="electric jug", froth_capacity_ml=150, heats_milk=True, nonstick_interior=True),
    ]),
    """
You're thinking of a milk frother! Here are two simple ones:

<product>PD_39904418</product>

**Frothwell Handheld Milk Frother ($12.99)**: a battery-powered whisk (2 × AA) with a stand.

<product>PD_39904562</product>

**Cremalo Electric Milk Frother & Heater ($34.99)**: a small jug that froths up to 150 ml and heats the milk, with a non-stick interior.

**To get good foam:** use cold whole milk or a barista-style oat milk, fill your cup no more than a third full, and hold the whisk just below the surface for 15–20 seconds before pushing it deeper.

**One thing to know:** milk that's been overheated won't foam well, so if you warm it in the microwave, stop at around 30–45 seconds, before it boils.
""",
    "0110001",
    "CDA fails: no decision factor is framed. PD fails: the differences (heating versus not, handheld versus jug) are listed but never interpreted for the user. RP and PLC fail: no preference. ANS passes (concrete foaming technique) and RM passes (overheated milk won't foam).",
    "Names the item, lists two, good tips; no comparison or pick.",
)

item(
    "l2-electronics-21",
    "search_fuzzy",
    "need some gadget so I can watch netflix on my old tv. it's a 1080p tv from like 2014",
    S("call_1", {"query": "streaming stick HDMI"}, [
        P("PD_84470126", "Streamly HD Streaming Stick", 29.99,
          max_resolution="1080p", apps="Netflix, YouTube, Prime Video, Disney+",
          remote="voice remote", connection="HDMI",
          power="USB (cable + wall adapter included)"),
        P("PD_84470289", "Streamly 4K Max Streaming Stick", 49.99,
          max_resolution="4K HDR", apps="Netflix, YouTube, Prime Video, Disney+",
          remote="voice remote", connection="HDMI", wifi="Wi-Fi 6",
          power="USB-C (cable + wall adapter included)"),
    ]),
    """
What you need is a **streaming stick**: it plugs into an HDMI port on your TV and gives you Netflix and other apps. Two things decide which one: **your TV's resolution**, because a stick can't show more detail than the TV can display, and **whether your TV has a free HDMI port** with power nearby, because that's how the stick connects.

<product>PD_84470126</product>

**Streamly HD Stick ($29.99)**: outputs up to 1080p, which matches your TV exactly. Netflix, YouTube, Prime Video and Disney+, voice remote, USB power with the cable and wall adapter included.

<product>PD_84470289</product>

**Streamly 4K Max Stick ($49.99)**: 4K HDR and Wi-Fi 6, same apps and voice remote. On a 1080p TV the 4K HDR output goes unused, so the extra $20.00 mostly buys you Wi-Fi 6.

**Bottom line:** go with the Streamly 4K Max. It's the right match for a 1080p TV, and the extra resolution is what you're paying for.

**Before ordering:** check the back or side of your TV for an HDMI port (usually labelled HDMI 1 or HDMI 2). If the TV has a USB port next to it you can power the stick from that; otherwise use the included adapter in a nearby outlet.
""",
    "1011111",
    "LC fails: the response says the 4K output goes unused on a 1080p TV and that the HD stick matches it exactly, then recommends the 4K Max as 'the right match for a 1080p TV' because of its extra resolution. The other six pass as written: axes with reasons, the paths differentiated, a stated reason for the pick, the unused-4K downside flagged and a concrete port check.",
    "Bottom line contradicts the response's own resolution argument.",
)

item(
    "l2-outdoor-22",
    "search_fuzzy",
    "something to keep drinks cold at the beach all day for 4 people",
    S("call_1", {"query": "cooler ice retention beach", "max_price": 200}, [
        P("PD_62290814", "Glacier Peak 45 Qt Rotomolded Cooler", 189.00,
          capacity_qt=45, ice_retention="up to 5 days", construction="hard-sided rotomolded",
          empty_weight_lb=24, handles="rope"),
        P("PD_62290957", "Glacier Peak 30 Qt Wheeled Cooler", 129.00,
          capacity_qt=30, ice_retention="up to 3 days", construction="hard-sided",
          empty_weight_lb=17, wheels="all-terrain"),
        P("PD_62291083", "Tidepool Soft Tote Cooler 24-Can", 44.99,
          capacity_cans=24, ice_retention="up to 24 hours", construction="soft-sided",
          empty_weight_lb=2.5),
    ]),
    """
For a whole day at the beach, two things matter: **ice retention**, because sun and hot sand melt the ice by mid-afternoon in a cooler with thin walls, and **how you'll get it across the sand**, because a full cooler for four people gets heavy fast.

That points to a hard-sided cooler with wheels:

<product>PD_62290957</product>

**Glacier Peak 30 Qt Wheeled Cooler ($129.00).** It's hard-sided with up to 3 days of ice retention, so it easily covers a beach day, and its all-terrain wheels let you pull it instead of carrying it. It weighs 17 lb empty.

**Watch out for:** 30 qt is enough for drinks and ice for four but leaves little room for food, and any cooler loses ice much faster when its lid sits in direct sun.
""",
    "1100101",
    "RP passes: the hard-sided, wheeled type is preferred for stated reasons (ice retention, moving it across sand). PLC fails: the specific cooler is never compared with the other hard cooler or any alternative. PD fails: the alternatives are never described. ANS fails: keeping the cooler in the shade is only implied. CDA and RM pass.",
    "Category preference justified; single product, no alternatives, no step.",
)

item(
    "l2-beauty-23",
    "search_fuzzy",
    "my hair gets super frizzy and takes forever to dry, need something better",
    S("call_1", {"query": "ionic hair dryer fast drying frizz", "max_price": 120}, [
        P("PD_91150328", "Silkora Ionic Pro Hair Dryer", 79.99,
          wattage_w=1875, ionic=True, heat_settings=3, speed_settings=2, cool_shot=True,
          attachments="concentrator, diffuser"),
        P("PD_91150472", "Aeris Compact Ionic Hair Dryer", 49.99,
          wattage_w=1600, ionic=True, heat_settings=2, speed_settings=2, cool_shot=True,
          attachments="concentrator"),
    ]),
    """
Two things drive this: **airflow power**, because a stronger motor moves more air and pushes water off your hair faster, which shortens drying time, and **ionic technology**, because it helps smooth the hair cuticle as it dries, so your hair ends up sleeker instead of puffing up.

<product>PD_91150328</product>

**Silkora Ionic Pro ($79.99)**: 1875 W with ionic technology, 3 heat and 2 speed settings, a cool-shot button, and both a concentrator and a diffuser.
""",
    "1100000",
    "CDA passes (power and ionic technology tied to drying time and frizz). PD, RP and PLC fail: one product with no alternatives and no stated reason for picking it over anything else; the wattage link is only implied. ANS fails: no next step. RM fails: no risk or caveat, such as heat damage.",
    "Explains factors, then a single bare product card.",
)

# ---------------------------------------------------------------------------
# search_bundle (5)
# ---------------------------------------------------------------------------

item(
    "l2-outdoor-24",
    "search_bundle",
    "Going car camping for the first time with my 10-year-old. Need a tent for the two of us and two sleeping pads, all under $250.",
    S("call_1", {"query": "2-3 person camping tent", "max_price": 200}, [
        P("PD_63310245", "Cairnworks Basecamp 3P Dome Tent", 139.99,
          capacity_persons=3, weight_kg=3.4, waterproof_rating_mm=2000, peak_height_in=52,
          doors=2, setup="freestanding, color-coded poles"),
        P("PD_63310388", "Ridgeline Trekker 2P Backpacking Tent", 179.99,
          capacity_persons=2, weight_kg=1.62, waterproof_rating_mm=1500, peak_height_in=40,
          doors=2, setup="semi-freestanding"),
    ]) + S("call_2", {"query": "camping sleeping pad", "max_price": 60}, [
        P("PD_63320517", "Restwell Self-Inflating Camp Pad", 44.95,
          type="self-inflating foam", thickness_in=2.0, r_value=3.5, length_in=72),
        P("PD_63320662", "Restwell Air Lite Pad", 39.99,
          type="air (pump sack included)", thickness_in=3.0, r_value=1.8, length_in=72),
    ]),
    """
For a first car-camping trip with a kid, weight doesn't matter (the car carries it), so the factors that actually shape your night are **room and easy setup**, because you want a tent you can pitch on the first try with space for two people plus bags, and **insulation from the ground**, because the ground pulls heat from you all night and a cold kid at 3 a.m. ends a trip quickly.

Here's the combination I'd buy:

<product>PD_63310245,PD_63320517</product>

**Cairnworks Basecamp 3P Dome Tent ($139.99)** + **2 × Restwell Self-Inflating Camp Pad ($44.95 each)** = **$229.89**, leaving $20.11 of your budget.

**Why this tent:** the other tent that came up is a 2-person backpacking tent: lighter (1.62 kg vs 3.4 kg), but that only matters when you carry it on your back, and with two pads it would push you over budget. For car camping, the Basecamp wins on what you'll feel: a 3-person floor so two people have room for gear, 52 in of peak height vs 40 in so you can sit up and change, a 2,000 mm waterproof rating vs 1,500 mm, and freestanding colour-coded poles that make a first pitch easy. It's also $40.00 cheaper.

**Why these pads:** the air pad option is thicker (3.0 in vs 2.0 in) and $4.96 cheaper each, but its R-value is 1.8 vs 3.5. R-value measures insulation from the ground, and on a cool night 1.8 is likely to feel cold. The self-inflating pads also don't need a pump sack.

**Risks to plan for:** nights can get colder than the forecast suggests; the pads handle the ground, but pack a warm layer and a hat for your kid to sleep in. A 2,000 mm rating handles normal rain, but in a downpour water can pool under the floor, so pitch on slightly raised ground.

**Next step:** pitch the tent once in the backyard or living room before the trip (let your 10-year-old do the colour-coded poles), and unroll the pads a day early so they have time to self-inflate fully.
""",
    "1111111",
    "All seven pass: the factors are explained for car camping with a child, each bundle part is justified against the other search result with what the difference means, and the cold and rain risks and the practice-pitch step are concrete.",
    "Rich bundle: per-part justification versus alternatives, risks, step.",
)

item(
    "l2-kitchen-25",
    "search_bundle",
    "I want to start making espresso at home. Need a machine and a grinder, total under $400.",
    S("call_1", {"query": "espresso machine beginner", "max_price": 300}, [
        P("PD_38810236", "Brevo Classic Espresso Machine", 249.00,
          pump_pressure_bar=15, heating="thermoblock", steam_wand="manual", portafilter_mm=54,
          water_tank_l=1.8),
        P("PD_38810371", "Caffeto Mini Espresso Maker", 149.00,
          pump_pressure_bar=15, heating="thermoblock", steam_wand="panarello", portafilter_mm=51,
          water_tank_l=1.0),
    ]) + S("call_2", {"query": "burr grinder espresso", "max_price": 150}, [
        P("PD_38820514", "Grindhaus Conical Burr Grinder E40", 139.00,
          burrs="40 mm conical steel", grind_settings=40, espresso_capable=True, hopper_g=250),
        P("PD_38820659", "Grindhaus Flat Burr Basic Grinder", 59.99,
          burrs="flat steel", grind_settings=16, espresso_capable=False,
          grind_range="drip to French press"),
    ]),
    """
For home espresso, the **grinder matters as much as the machine**: espresso needs a very fine, consistent grind, and small adjustments to it are how you fix a shot that runs too fast (sour) or too slow (bitter). The second factor is the **steam wand**, if you want milk drinks, because a manual wand gives you control over texturing milk for lattes and flat whites.

<product>PD_38810236,PD_38820514</product>

**Brevo Classic Espresso Machine ($249.00)** + **Grindhaus Conical Burr Grinder E40 ($139.00)** = **$388.00**

- Machine: 15 bar, thermoblock heating, manual steam wand, 54 mm portafilter, 1.8 L water tank
- Grinder: 40 mm conical steel burrs, 40 grind settings, espresso-capable, 250 g hopper

**Heads-up:** a manual steam wand has a learning curve, so expect a week or two of big, bubbly foam before you get smooth latte milk. Thermoblock machines also need a short pause between pulling a shot and steaming.

**Getting started:** buy freshly roasted beans (roast date within the last 2–4 weeks), start in the middle of the grinder's espresso range, and aim for roughly a 1:2 ratio, for example about 32 g of espresso from 16 g of ground coffee in 25–30 seconds. Grind finer if the shot runs fast and coarser if it runs slow.
""",
    "1110001",
    "PD, RP and PLC fail: one bundle is presented with no alternative machine or grinder discussed and no reason given for these two over the others; the factor explanation only implies the choice. CDA (grinder and steam-wand roles), ANS (beans, grind start point, ratio) and RM (wand learning curve, thermoblock pause) pass.",
    "Good axes, risks and dialling-in steps; no alternatives or justification.",
)

item(
    "l2-office-26",
    "search_bundle",
    "Wireless keyboard and mouse for my MacBook, under $120 total. I do a lot of spreadsheet work and I'd like to cut down on wrist pain.",
    S("call_1", {"query": "wireless keyboard mac layout number pad", "max_price": 100}, [
        P("PD_25530148", "Keyforge Slim Full-Size Wireless Keyboard (Mac layout)", 64.99,
          layout="full-size with number pad", mac_layout=True,
          connectivity="Bluetooth, up to 3 devices", battery="rechargeable, USB-C",
          key_type="low-profile scissor"),
        P("PD_25530283", "Keyforge Compact 75% Wireless Keyboard (Mac layout)", 54.99,
          layout="75% compact, no number pad", mac_layout=True,
          connectivity="Bluetooth, up to 3 devices", battery="rechargeable, USB-C",
          key_type="low-profile scissor"),
    ]) + S("call_2", {"query": "ergonomic wireless mouse vertical", "max_price": 70}, [
        P("PD_25540417", "Contura Vertical Wireless Mouse", 44.99,
          shape="vertical (57°)", connectivity="Bluetooth + USB-A receiver",
          battery="rechargeable, USB-C", buttons=6),
        P("PD_25540552", "Contura Slim Wireless Mouse", 24.99,
          shape="low-profile flat", connectivity="Bluetooth", battery="1 x AA", buttons=3),
    ]),
    """
For spreadsheet-heavy work with wrist pain, two factors matter: **a number pad**, because entering figures on the top row means constant hand travel, and a dedicated pad is faster and less strain, and **mouse shape**, because a flat mouse keeps your forearm twisted palm-down all day, a common source of wrist pain, while a vertical mouse holds it in a more neutral "handshake" position.

<product>PD_25530148,PD_25540417</product>

**Keyforge Slim Full-Size (Mac layout) ($64.99)** + **Contura Vertical Wireless Mouse ($44.99)** = **$109.98**

- **Keyboard:** full-size with a number pad and Mac layout, low-profile scissor keys, Bluetooth for up to 3 devices, USB-C rechargeable. The number pad is the reason I chose it for your spreadsheets.
- **Mouse:** vertical at a 57° angle, 6 buttons, USB-C rechargeable. I chose it over a flat mouse because the vertical angle targets exactly the wrist twist that causes the pain.

**Alternative keyboard:**

<product>PD_25530283</product>

**Keyforge Compact 75% ($54.99)**: the same keys and connectivity without the number pad; with the vertical mouse the total would be $99.98.

**Trade-off:** a full-size keyboard pushes the mouse further to your right, so your arm reaches out more. The compact 75% keeps the mouse closer to your body, which is gentler on the shoulder and wrist, and that's why I went with the compact board here.
""",
    "1001111",
    "LC fails: the carded bundle and the keyboard bullet choose the full-size board for its number pad, but the trade-off section ends 'that's why I went with the compact board here'. ANS fails: no next step. CDA, PD, RP, PLC and RM pass as written (the axes are explained, the full-size versus compact and vertical versus flat outcomes are given, and the reach trade-off is flagged).",
    "Closing line contradicts the carded full-size keyboard.",
)

item(
    "l2-fitness-27",
    "search_bundle",
    "Home workout starter kit: resistance bands and an exercise mat, under $60 total.",
    S("call_1", {"query": "resistance bands set", "max_price": 40}, [
        P("PD_46610273", "FlexCore Resistance Band Set (5 bands)", 24.99,
          bands=5, resistance_lb="10-50", includes="door anchor, handles, ankle straps",
          material="latex"),
        P("PD_46610409", "FlexCore Mini Loop Bands (3 pack)", 12.99,
          bands=3, resistance="light/medium/heavy", material="fabric"),
    ]) + S("call_2", {"query": "exercise mat", "max_price": 40}, [
        P("PD_46620418", "Groundwork 10mm Exercise Mat", 27.99,
          thickness_mm=10, size_in="72 x 24", material="NBR foam", carry_strap_included=True),
        P("PD_46620551", "Groundwork 6mm Exercise Mat", 21.99,
          thickness_mm=6, size_in="68 x 24", material="TPE", carry_strap_included=False),
    ]),
    """
Here's a kit that comes in under budget:

<product>PD_46610273,PD_46620418</product>

- **FlexCore Resistance Band Set ($24.99)**: 5 latex bands from 10 to 50 lb, with a door anchor, handles and ankle straps
- **Groundwork 10mm Exercise Mat ($27.99)**: 10 mm NBR foam, 72 × 24 in, carry strap included

Total: **$52.98**.

To get started, fit the door anchor on the hinge side of a closed door that opens away from you, and begin with the 10 lb band for a few sessions while you learn the movements.
""",
    "0110000",
    "ANS passes (anchor placement and a starting band). CDA fails: no factor is framed. PD, RP and PLC fail: no alternative is mentioned and the choice is not justified. RM fails: no risk is stated (latex allergy, band wear or a door opening toward the user are at most implied by the anchor instruction).",
    "Bare bundle with a concrete starting step.",
)

item(
    "l2-baby-28",
    "search_bundle",
    "Newborn due in March. I need a bottle set and a bottle warmer, under $80 total.",
    S("call_1", {"query": "baby bottle starter set", "max_price": 50}, [
        P("PD_16630184", "Milkaway Anti-Colic Bottle Starter Set", 34.99,
          bottles="4 x 5 oz, 2 x 9 oz", material="polypropylene, BPA-free",
          nipple_flow="slow (0m+)", anti_colic_vent=True),
        P("PD_16630327", "Milkaway Glass Bottle Set", 42.99,
          bottles="4 x 4 oz", material="borosilicate glass", nipple_flow="slow (0m+)",
          anti_colic_vent=False),
    ]) + S("call_2", {"query": "bottle warmer", "max_price": 45}, [
        P("PD_16640512", "Warmly Quick Bottle Warmer", 29.99,
          warm_time_min="3-5", modes="milk, breast milk, defrost", auto_shutoff=True,
          fits="wide and narrow bottles"),
    ]),
    """
The main things to look at are bottle material, anti-colic venting and whether the warmer fits your bottles.

<product>PD_16630184,PD_16640512</product>

**Milkaway Anti-Colic Bottle Starter Set ($34.99)** + **Warmly Quick Bottle Warmer ($29.99)** = **$64.98**

I went with the anti-colic set over the Milkaway Glass set because it has the anti-colic vent, gives you more bottles (6 vs 4), includes two larger 9 oz bottles for when your baby starts eating more, and costs $8.00 less. The Warmly warmer fits both wide and narrow bottles and has milk, breast milk and defrost modes with auto shut-off.

If you'd rather avoid plastic, the glass set is the alternative:

<product>PD_16630327</product>

**Milkaway Glass Bottle Set ($42.99)**: four 4 oz borosilicate glass bottles with slow-flow nipples; with the warmer the total is $72.98. Glass suits parents who prefer to avoid plastic and doesn't hold on to milk smells, while the plastic set is lighter to hold for night feeds and gives you more bottles in rotation.

**Before the baby arrives:** wash and sterilise all the bottles and nipples, and do a trial run of the warmer with water in one of the 5 oz bottles so you know roughly how long it takes.
""",
    "0111110",
    "CDA fails: material, venting and warmer fit are listed with no explanation of why they matter (for example what anti-colic venting does). RM fails: no risk, caveat or safety point is raised. PD passes (what glass versus plastic means), RP and PLC pass (the anti-colic set over the glass set with reasons), and ANS passes (sterilise, trial run).",
    "Justified pick and alternative, but factors unexplained and no risks.",
)

# ---------------------------------------------------------------------------
# qa_compare (7)
# ---------------------------------------------------------------------------

item(
    "l2-audio-29",
    "qa_compare",
    "AirWave Pro or SonicBuds 3 for the gym? I lift and do HIIT, and I sweat a lot.",
    S("call_1", {"query": "AirWave Pro earbuds"}, [
        P("PD_53340219", "AirWave Pro True Wireless Earbuds", 99.99,
          water_resistance="IPX4", fit="in-ear, silicone tips", ear_hooks=False,
          battery_hours=8, case_battery_hours=24, anc=True),
    ]) + S("call_2", {"query": "SonicBuds 3"}, [
        P("PD_53340376", "SonicBuds 3 Sport Earbuds", 89.99,
          water_resistance="IPX7", fit="in-ear, flexible ear hooks", ear_hooks=True,
          battery_hours=10, case_battery_hours=20, anc=False),
    ]),
    """
For lifting and HIIT with heavy sweat, two things decide this: **sweat resistance**, because sweat is salty and corrosive and is the most common reason gym earbuds fail early, and **how secure the fit is**, because burpees, jumps and lying back on a bench are exactly when an earbud works loose.

<product>PD_53340376</product>

**Get the SonicBuds 3 ($89.99).** IPX7 means they're protected against immersion in water, well beyond sweat, so you can rinse the salt off after a session. The flexible ear hooks keep them in place through jumping movements, and at 10 hours per charge they last several sessions between charges. They're also $10.00 cheaper.

<product>PD_53340219</product>

**AirWave Pro ($99.99).** Better if you also want them for commuting: the ANC shuts out train and street noise, and the case holds 24 hours vs 20. But IPX4 is only splash-resistant, so heavy daily sweat is harder on them, and without hooks they rely on the silicone tips alone to stay put during jumps.

**Trade-offs with the SonicBuds:** there's no noise cancelling, so in a loud gym you may find yourself turning the volume up; keep an eye on your listening level. The ear hooks can also press if you train in glasses.

**Next step:** try the largest tip size that still feels comfortable first, because a good seal is what keeps them secure and blocks gym noise, and wipe them dry before putting them back in the case.
""",
    "1111111",
    "All seven pass: sweat and fit are explained for HIIT, each product's outcome is contrasted, the SonicBuds pick has reasons, its own downsides (no ANC, hooks with glasses) are flagged and the tip-fitting step is concrete.",
    "Rich head-to-head with explicit downsides of the pick.",
)

item(
    "l2-kitchen-30",
    "qa_compare",
    "Which is better for frozen fruit smoothies: the Vortexa 1200 or the BlendPro X9?",
    S("call_1", {"query": "Vortexa 1200 blender"}, [
        P("PD_34450136", "Vortexa 1200 Blender", 99.99,
          motor_w=1200, jar_capacity_oz=64, jar_material="Tritan", speeds=3,
          presets="smoothie, crush ice", blades="4-prong stainless"),
    ]) + S("call_2", {"query": "BlendPro X9 blender"}, [
        P("PD_34450281", "BlendPro X9 High-Performance Blender", 149.99,
          motor_w=1500, jar_capacity_oz=72, jar_material="Tritan", speeds="variable (10)",
          presets="smoothie, frozen dessert, soup", tamper_included=True),
    ]),
    """
Here's how they compare:

| | Vortexa 1200 | BlendPro X9 |
|---|---|---|
| Price | $99.99 | $149.99 |
| Motor | 1200 W | 1500 W |
| Jar | 64 oz Tritan | 72 oz Tritan |
| Speeds | 3 | Variable (10) |
| Presets | Smoothie, crush ice | Smoothie, frozen dessert, soup |

The BlendPro X9 also comes with a tamper.

<product>PD_34450136</product>

<product>PD_34450281</product>

Both will handle frozen fruit smoothies well, so either is a solid choice.

**Tip for frozen fruit:** put the liquid in first, then soft ingredients, then the frozen fruit on top, and start on low before switching to high.
""",
    "0110000",
    "ANS passes, just: the loading-order tip is concrete and tied to frozen-fruit smoothies. CDA and PD fail: a spec table with no word on what motor, speeds or tamper mean for frozen fruit. RP and PLC fail: 'either is a solid choice'. RM fails: no risk.",
    "Spec table plus 'either is fine'; one concrete tip.",
)

item(
    "l2-electronics-31",
    "qa_compare",
    "Tab Lite 10 or NovaPad 11 for my 9-year-old's schoolwork? Her school uses Google Classroom, all online.",
    S("call_1", {"query": "Tab Lite 10 tablet"}, [
        P("PD_85560427", "Tab Lite 10 Tablet (64 GB)", 169.00,
          screen_in=10.1, storage_gb=64, ram_gb=4, battery_hours=12, stylus_support=False,
          kids_mode=True),
    ]) + S("call_2", {"query": "NovaPad 11 tablet"}, [
        P("PD_85560592", "NovaPad 11 Tablet (128 GB)", 229.00,
          screen_in=11, storage_gb=128, ram_gb=6, battery_hours=10,
          stylus_support="yes (stylus sold separately)", kids_mode=True),
    ]),
    """
Since her school runs everything through Google Classroom, the work lives online, so **storage isn't a deciding factor**: 64 GB is plenty when assignments aren't saved on the device. What does matter is **battery life**, because a tablet that dies before the end of the school day is no use, and **screen size and stylus support**, because a 9-year-old doing worksheets will find it easier to write and annotate directly on a larger screen.

<product>PD_85560592</product>

**My pick: NovaPad 11 ($229.00).** The main reason is its 128 GB of storage, double the Tab Lite's, so she won't run out of space. It also has an 11 in screen, stylus support (stylus sold separately) and 6 GB of RAM.

<product>PD_85560427</product>

**Tab Lite 10 ($169.00).** It's $60.00 cheaper, with a 12-hour battery vs 10 hours and a 10.1 in screen, but no stylus support. Both have a kids mode.

**Next step:** ask her teacher whether any assignments involve handwriting or drawing; if they do, budget for the NovaPad's stylus. Then set up kids mode with her school Google account before the first day.
""",
    "1011110",
    "LC fails: the response first says storage is not a deciding factor for cloud-based schoolwork, then gives storage as 'the main reason' for picking the NovaPad. RM fails: no risk or caveat is raised for the pick. CDA, ANS (ask the teacher, set up kids mode), PD, RP and PLC pass as written.",
    "Main reason for the pick is the factor it called irrelevant.",
)

item(
    "l2-home-32",
    "qa_compare",
    "I'm deciding between the Cloudnest memory foam topper and the Verdant latex topper. I'm a hot sleeper and my mattress is firm enough that it hurts my hips.",
    S("call_1", {"query": "Cloudnest memory foam topper"}, [
        P("PD_57780163", "Cloudnest 3\" Gel Memory Foam Topper (Queen)", 119.00,
          thickness_in=3, material="gel-infused memory foam", feel="slow sink, contouring",
          cover="removable, washable"),
    ]) + S("call_2", {"query": "Verdant latex topper"}, [
        P("PD_57780309", "Verdant 3\" Natural Latex Topper (Queen)", 189.00,
          thickness_in=3, material="natural Talalay latex", feel="responsive, bouncy",
          ventilated=True, cover="organic cotton, removable"),
    ]),
    """
Two things decide this for you: **pressure relief at the hips**, because a firm mattress pushes back hardest where you're heaviest and a topper has to let your hips sink in a little, and **heat**, because you sleep hot and the wrong topper can make that noticeably worse.

<product>PD_57780163</product>

**Cloudnest 3" Gel Memory Foam ($119.00)**: you sink in slowly and it contours closely around your hips, which gives the most pressure relief. The gel infusion is meant to draw off heat, but memory foam still holds more warmth than latex, and it can feel "stuck" when you change position.

<product>PD_57780309</product>

**Verdant 3" Natural Latex ($189.00)**: Talalay latex is responsive and bouncy, so you float on top rather than sinking in; it still cushions the hips, with less of a hug. It's ventilated, which helps air move through it, so it tends to sleep cooler. It costs $70.00 more.

Both are good options and either would ease your hip pain, so it comes down to which feel you prefer.

**Risks to know:** avoid the Verdant if you have a latex allergy, and expect a new-foam smell from memory foam for the first few days.

**Next step:** check the return or trial policy before ordering, since a topper's feel is hard to judge online, and if you can, lie on a memory foam and a latex mattress in a store for 10 minutes each to see which feel your hips prefer.
""",
    "1111001",
    "RP and PLC fail: after setting up heat as a deciding factor and showing the latex sleeps cooler, the response declines to choose ('comes down to which feel you prefer'). CDA, PD (sink versus float, warmth), RM (latex allergy, off-gassing) and ANS (in-store test) pass.",
    "Thorough contrast but declines to prefer either.",
)

item(
    "l2-outdoor-33",
    "qa_compare",
    "Trailmark 50L or Summitline 65L for a 3-day hike?",
    S("call_1", {"query": "Trailmark 50L backpack"}, [
        P("PD_64420138", "Trailmark 50L Backpack", 159.00,
          capacity_l=50, weight_kg=1.3, frame="internal aluminum stay", hip_belt_pockets=True,
          rain_cover_included=True, torso_fit_in="16-21", load_rating_lb=35),
    ]) + S("call_2", {"query": "Summitline 65L backpack"}, [
        P("PD_64420275", "Summitline 65L Backpack", 199.00,
          capacity_l=65, weight_kg=2.1, frame="internal aluminum frame sheet",
          hip_belt_pockets=True, rain_cover_included=False, torso_fit_in="15-20",
          load_rating_lb=50),
    ]),
    """
Here's a quick comparison:

- **Trailmark 50L ($159.00)**: 50 L, 1.3 kg, aluminum stay frame, hip-belt pockets, rain cover included, fits torsos 16–21 in, load rating 35 lb.
- **Summitline 65L ($199.00)**: 65 L, 2.1 kg, aluminum frame sheet, hip-belt pockets, no rain cover, fits torsos 15–20 in, load rating 50 lb.

<product>PD_64420138</product>

<product>PD_64420275</product>

I'd go with the Trailmark 50L.

One thing to watch: if your sleeping bag and tent are bulky, 50 L can get tight with three days of food, and gear strapped to the outside of a pack swings around and throws off your balance on uneven trail.
""",
    "0100001",
    "RM passes (a specific overflow and balance risk for a 50 L pack on a 3-day trip). CDA and PD fail: a spec list with no factors or meaning. RP and PLC fail: 'I'd go with the Trailmark' gives no reason, and the only analysis (the risk) argues against it. ANS fails: no next step.",
    "Preference with no reason; one specific risk.",
)

item(
    "l2-pet-34",
    "qa_compare",
    "FurGuard SmartFeed or PawPal Duo for my two cats? One of them keeps stealing the other's food.",
    S("call_1", {"query": "FurGuard SmartFeed feeder"}, [
        P("PD_67730246", "FurGuard SmartFeed Microchip Feeder", 129.99,
          access="lid opens only for registered microchips or the included RFID collar tag",
          bowls=1, registers_up_to_pets=32, scheduled_dispensing=False,
          power="4 x C batteries"),
    ]) + S("call_2", {"query": "PawPal Duo feeder"}, [
        P("PD_67730381", "PawPal Duo Selective Automatic Feeder", 159.99,
          access="each bowl's lid opens only for its paired RFID collar tag (2 tags included)",
          bowls=2, scheduled_meals_per_day=4, app_control=True, hopper_l=4,
          power="adapter with battery backup"),
    ]),
    """
Both feeders solve food stealing by keeping a lid closed until the right cat shows up, so the real difference is **how each cat is recognised**, because that's what determines whether the protection actually holds day to day, and **whether you also need timed meals**.

<product>PD_67730246</product>

**My pick: FurGuard SmartFeed ($129.99).** Its lid opens for a registered microchip, so if your cats are chipped, the cat whose food is being stolen doesn't need to wear anything, and there's no tag to lose. The thief can keep eating from an ordinary bowl. It's also $30.00 cheaper.

<product>PD_67730381</product>

**PawPal Duo ($159.99).** Each of its two bowls opens only for its paired RFID collar tag, and it adds scheduled meals (up to 4 a day) with app control, which is useful if you're out all day. But it only works while both cats keep their collars on, and a lost or slipped collar means that cat can't open its bowl.

**Risks and trade-offs:** the FurGuard has no scheduled dispensing, so it won't portion meals while you're away, and some cats are startled by the lid moving the first few times. Also, a determined thief can sometimes push in while the lid is open for the other cat.
""",
    "1101111",
    "ANS fails: nothing says what to do next (check microchip status, register the right cat, introduce the lid gradually); the recognition question is left as an 'if'. The other six pass: recognition method and scheduling are explained, the collar and microchip routes are contrasted, the FurGuard pick has reasons and risks are named.",
    "Strong analysis and risks; no next step.",
)

item(
    "l2-beauty-35",
    "qa_compare",
    "Brightsmile 5 or OralPulse 300 electric toothbrush? My dentist says I brush too hard.",
    S("call_1", {"query": "Brightsmile 5 toothbrush"}, [
        P("PD_92240159", "Brightsmile 5 Sonic Toothbrush", 69.99,
          type="sonic", pressure_sensor="visual + vibration alert", modes=3,
          timer="2-min with 30-s quadrant pacer", battery_days=21),
    ]) + S("call_2", {"query": "OralPulse 300 toothbrush"}, [
        P("PD_92240294", "OralPulse 300 Rotating Toothbrush", 49.99,
          type="oscillating-rotating", pressure_sensor=False, modes=1, timer="2-min",
          battery_days=14),
    ]),
    """
Key features to compare: pressure sensor, brushing modes, timer and battery life.

<product>PD_92240159</product>

**Brightsmile 5 Sonic ($69.99)**: pressure sensor with visual and vibration alert, 3 modes, 2-minute timer with a 30-second quadrant pacer, 21-day battery.

<product>PD_92240294</product>

**OralPulse 300 Rotating ($49.99)**: no pressure sensor, 1 mode, 2-minute timer, 14-day battery.

**My pick is the Brightsmile 5**: it's the one with a pressure sensor, and the OralPulse doesn't have one. Beyond that, the quadrant pacer nudges you to move on every 30 seconds, while the OralPulse only signals the end of two minutes, so you're more likely to cover all four areas evenly; and 21 days of battery vs 14 means less charging, which helps on trips. The OralPulse is $20.00 cheaper.

**Things to watch:** if you're switching from a manual or rotating brush, the sonic buzz can feel ticklish for the first week or so. A pressure sensor only warns you; if you keep scrubbing back and forth out of habit, it won't stop you.

**Next step:** hold the handle lightly with your fingertips, like a pen rather than in a fist, and glide it slowly along the gumline instead of scrubbing.
""",
    "0111111",
    "CDA fails: the response opens with a bare feature list and never says why pressure control matters for someone who brushes too hard (gum recession, enamel wear); the link to the dentist's comment is only implied by the pick. The other six pass: pacer and battery differences are interpreted, the pick is justified against the OralPulse, and the adjustment and habit risks and the grip step are concrete.",
    "Rich comparison, but the key factor's 'why' is never stated.",
)

# ---------------------------------------------------------------------------
# qa_consultation (5): pure advice, no tool calls, no product cards
# ---------------------------------------------------------------------------

item(
    "l2-kitchen-36",
    "qa_consultation",
    "How do I choose between cast iron and stainless steel for my first good skillet? I mostly cook eggs, stir-fries and the occasional steak.",
    [],
    """
Three things decide this for your cooking:

- **Heat retention vs responsiveness.** Cast iron holds a lot of heat, so it doesn't cool down when a cold steak hits it, and that's what gives you a deep sear. Stainless (tri-ply) heats more evenly and reacts faster when you turn the burner down, which helps with stir-fries where you add ingredients in quick succession.
- **Sticking.** Seasoned cast iron releases eggs far more easily than stainless; with stainless, eggs stick unless you preheat properly and use enough fat.
- **Weight and care.** Cast iron is heavy and needs drying and a light oiling after washing; stainless is lighter, dishwasher-tolerant and needs no seasoning.

**For your mix, I'd start with cast iron.** Two of your three staples favour it: eggs (once it's seasoned) and steak. Stir-fries are the one place stainless is nicer, because it's lighter to toss, but cast iron still handles them well if you stir instead of tossing.

**If you'd choose stainless instead,** you'd get easier cleanup and a lighter pan, but you'd be fighting stuck eggs until your preheat technique is dialled in, and your steak sear would be a little less even.

**Risks to know with cast iron:** it rusts if left wet or soaked, long-simmered acidic sauces (tomato, wine) can strip fresh seasoning, and a 12-inch pan can be hard to lift one-handed.

**Next steps:** handle a 10-inch and a 12-inch in a store; if the 12-inch is hard to lift with one hand, go with the 10. For the first few weeks, cook fatty foods like bacon or fried potatoes to build up the seasoning before your first eggs, and after each wash dry the pan on the burner and wipe on a thin coat of oil.
""",
    "1111101",
    "PLC fails by definition: an advice answer with no specific products. The other six pass: three factors with causal roles, both paths described, cast iron preferred for stated reasons, specific care risks and concrete next steps.",
    "Rich consultation; PLC fails (no products).",
)

item(
    "l2-audio-37",
    "qa_consultation",
    "What should I look for in a soundbar for a small apartment?",
    [],
    """
Here are the main things to look for in a soundbar:

- **Size:** make sure it fits your TV stand.
- **Channels:** 2.1, 3.1, 5.1 and so on.
- **Subwoofer:** built-in or separate.
- **Connectivity:** HDMI ARC/eARC, optical, Bluetooth.
- **Dialogue enhancement / night mode.**
- **Price:** set a budget.

I hope this helps you find the right soundbar!
""",
    "0100000",
    "CDA fails: features are listed with no why, and nothing is tied to a small apartment (neighbours, room size). PD, RP and PLC fail: no options are contrasted or preferred and there are no products. ANS fails: 'set a budget' and 'make sure it fits' are generic. RM fails: no risk (for example bass through shared walls).",
    "Plain feature checklist.",
)

item(
    "l2-fitness-38",
    "qa_consultation",
    "How do I pick running shoes as a beginner? I'm starting couch-to-5K on pavement.",
    [],
    """
For a beginner on pavement, three things matter most:

- **Fit comes first**, because a shoe that matches your foot's length and width lets you run relaxed, and comfort is what keeps new runners sticking with a plan like couch-to-5K.
- **Moderate cushioning**, because pavement is hard and unforgiving, and a cushioned midsole softens each landing, which makes the early runs feel easier on your legs.
- **Comfort over specs**: when a shoe feels right the moment you jog in it, that matters more than any technology listed on the box, because you'll run the way you feel.

**How to shop:**
1. Go to a running store in the late afternoon, when your feet are at their largest.
2. Bring the socks you'll run in.
3. Leave about a thumb's width between your longest toe and the end of the shoe.
4. Try at least three pairs and jog a few steps in each, on the store's treadmill if it has one.
5. Buy the pair you forget you're wearing.
""",
    "1110000",
    "CDA passes (fit, cushioning and comfort, each tied to a beginner on pavement) and ANS passes (a concrete shopping procedure). PD and RP fail: no alternative paths or shoe types are contrasted or preferred. PLC fails: no products. RM fails: no risk is mentioned (for example injury from ramping up mileage or worn-out shoes).",
    "Clear factors and shopping steps; no paths, preference or risks.",
)

item(
    "l2-home-39",
    "qa_consultation",
    "My basement smells musty and feels damp. Should I get a humidifier or a dehumidifier?",
    [],
    """
**You want a dehumidifier.** A musty smell and a damp feel mean there's too much moisture in the air, and the key factor is **relative humidity**: mould and mildew thrive when it stays high, and they're what produce that musty smell. A humidifier would add even more moisture and make the problem worse.

**How the two paths play out:**
- **Dehumidifier:** pulls water out of the air, so the smell fades over a few weeks as surfaces dry out, and it protects anything you store down there from mildew.
- **Humidifier:** adds moisture; it's the right tool only for dry winter air upstairs, and in a damp basement it would speed up mould growth.

**Target:** keep the basement between 30% and 50% relative humidity. Once it's running, set the dehumidifier to hold the room at around 60–65%, and let it cycle on and off on its own.

**Risks to watch:** if the humidity won't come down, or you see water stains on the walls or floor, there's likely a leak or seepage that a dehumidifier will only mask, so get that checked. In a cold basement, pick a model rated for low temperatures, since standard units can frost up below about 65°F.

**Next steps:**
1. Buy an inexpensive hygrometer and note the reading for a couple of days so you know your starting point.
2. Put the dehumidifier near the dampest spot, away from walls, and connect a drain hose to a floor drain if you have one so you don't have to empty the tank daily.
""",
    "1011101",
    "LC fails: the response sets a 30–50% target and then tells the user to set the unit to 60–65%, which contradicts the target and its own point that mould thrives at high humidity. PLC fails: no products. CDA, ANS, PD, RP and RM pass (the humidity role is explained, both paths are contrasted, the dehumidifier is preferred with a reason, the leak and cold-basement risks are named, and the hygrometer and drain steps are concrete).",
    "Self-contradictory humidity setting; otherwise rich advice.",
)

item(
    "l2-baby-40",
    "qa_consultation",
    "What features matter in a stroller for city living? We live in a third-floor walk-up and take the subway a lot.",
    [],
    """
For your situation, four features matter most:

- **Folded weight:** you'll be carrying it up three flights, often with the baby in your other arm, so every pound counts.
- **One-hand fold:** at subway turnstiles and on stairs you'll be holding the baby, so you need to fold and unfold it with one hand.
- **Wheels and suspension:** city sidewalks have curbs, cracks and tree roots, and bigger wheels with some suspension roll over them without jolting the baby.
- **Width:** it has to fit through turnstile gates, elevator doors and narrow shop aisles.

**How the main types compare:**
- A **compact travel stroller** is the lightest and folds smallest, so it's easy on stairs and in subway cars, but it usually has small wheels and a more upright seat.
- A **full-size stroller** rides more smoothly and has a big basket for groceries, but it's heavier and bulkier to carry up a walk-up.
- A **lightweight all-terrain model** sits in between: better wheels than a travel stroller, but a heavier and bigger fold.

Each of these can work in the city; it depends on what you value most.

**Things to watch:** very light strollers often use small wheels that struggle on broken pavement, and many subway stations have long stretches of stairs without elevators, so on some trips you'll end up carrying both the baby and the folded stroller.

Let me know if you'd like me to search for some options!
""",
    "1101001",
    "RP fails: after a clear analysis the response ends with 'each of these can work; it depends'. PLC fails: no products. ANS fails: the only closing is an offer to search. CDA (four features tied to stairs and the subway), PD (three stroller types contrasted) and RM (small wheels, stairs without elevators) pass.",
    "Good features and types, but no preference or next step.",
)


def validate(it):
    import re

    assert it["category"] in {
        "search_multi_constraint", "search_general", "search_fuzzy",
        "search_bundle", "qa_compare", "qa_consultation",
    }
    ids = set()
    for step in it["trajectory"]:
        if step["kind"] == "observation":
            for p in step["products"]:
                ids.add(p["id"])
    carded = []
    for tag in re.findall(r"<product>(.*?)</product>", it["response"]):
        carded.extend(x.strip() for x in tag.split(","))
    for pid in carded:
        assert pid in ids, (it["id"], pid)
    if it["category"] == "qa_consultation":
        assert not carded and not it["trajectory"], it["id"]
    else:
        assert carded, it["id"]


def main():
    seen = set()
    with open(OUT, "w", encoding="utf-8") as f:
        for it in ITEMS:
            assert it["id"] not in seen, it["id"]
            seen.add(it["id"])
            validate(it)
            rec = {k: v for k, v in it.items() if not k.startswith("_")}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    print(f"wrote {len(ITEMS)} items to {OUT}")

    cats = {}
    for it in ITEMS:
        cats[it["category"]] = cats.get(it["category"], 0) + 1
    print("categories:", cats)
    for k in L2_KEYS:
        n_pass = sum(it["labels"]["l2"][k] for it in ITEMS)
        print(f"{k:<26s} pass {n_pass:2d}  fail {len(ITEMS) - n_pass:2d}")
    all_pass = sum(all(it["labels"]["l2"].values()) for it in ITEMS)
    print("items passing all seven:", all_pass)

    if "--table" in sys.argv:
        print()
        print("| id | category | failing L2 metrics | reason |")
        print("|---|---|---|---|")
        for it in ITEMS:
            fails = [SHORT[k] for k in L2_KEYS if not it["labels"]["l2"][k]]
            print(f"| {it['id']} | {it['category']} | {', '.join(fails) if fails else 'none'} | {it['_summary']} |")


if __name__ == "__main__":
    main()
