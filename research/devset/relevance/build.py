"""Build dev_relevance.jsonl: 36 hand-labelled items that vary only in UI relevance.

Every item is a smartshop ScoreRequest (rubric "smartshop") plus label keys. The answers are written so
that card format, card trigger, card completeness, text relevance and description faithfulness all hold;
only whether every carded product meets the user's core needs (ui_relevance) varies.

Run:  .venv/bin/python research/devset/relevance/build.py   (deterministic; no randomness)
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).with_name("dev_relevance.jsonl")


def P(pid: str, name: str, price: float, **attributes) -> dict:
    """One product record as the search tool returns it."""
    attributes = {k: v for k, v in attributes.items() if v is not None}
    return {"id": pid, "name": name, "price": price, "currency": "USD", "attributes": attributes}


def search(n: int, arguments: dict, products: list[dict]) -> list[dict]:
    """A product_search call and its observation."""
    cid = f"call_{n}"
    return [
        {"kind": "tool_call", "name": "product_search", "arguments": arguments, "call_id": cid},
        {"kind": "observation", "call_id": cid, "content": f"{len(products)} products found.",
         "products": products},
    ]


def labels(ok: bool) -> dict:
    return {
        "l1_pass": ok,
        "l1": {"product_correctness": ok, "text_relevance": True, "description_faithfulness": True},
        "checks": {"ui_format": True, "ui_trigger": True, "ui_relevance": ok, "ui_completeness": True,
                   "text_relevance": True, "description_faithfulness": True},
        "l2": None,
        "tool_use": {"passed": True, "score": 1.0},
    }


ITEMS: list[dict] = []


def item(iid: str, category: str, query: str, searches: list[tuple[dict, list[dict]]], response: str,
         ok: bool, flaw: str, note: str) -> None:
    trajectory: list[dict] = []
    for n, (args, products) in enumerate(searches, 1):
        trajectory += search(n, args, products)
    ITEMS.append({
        "id": iid, "rubric": "smartshop", "query": query, "category": category,
        "trajectory": trajectory, "response": response.strip(),
        "labels": labels(ok), "flaw": "none" if ok else flaw, "injection": None, "note": note,
    })


# ---------------------------------------------------------------------------------------------- outdoor
item(
    "dr-outdoor-01", "search_bundle",
    "I'm planning my first backpacking trip with my partner. I need a 2-person backpacking tent and one "
    "sleeping bag rated to at least 30°F (I already have the other bag). The total has to stay under $300.",
    [
        ({"query": "2 person backpacking tent lightweight", "max_price": 300}, [
            P("PD_41027735", "Ridgeline Trekker 2P Backpacking Tent", 179.99, capacity_persons=2, weight_g=1620,
              season_rating="3-season", waterproof_rating_mm=1500, doors=2, packed_size_cm="46 x 15"),
            P("PD_41027812", "Cairnworks Summit 3P Dome Tent", 219.00, capacity_persons=3, weight_g=2450,
              season_rating="3-season", waterproof_rating_mm=2000, doors=2),
            P("PD_41028004", "Ridgeline Trekker 1P Tent", 149.99, capacity_persons=1, weight_g=1100,
              season_rating="3-season", waterproof_rating_mm=1500, doors=1),
        ]),
        ({"query": "sleeping bag 30F backpacking", "max_price": 150}, [
            P("PD_41030518", "Northvale Ember 30 Down Sleeping Bag", 99.95, temp_rating_f=30, comfort_rating_f=38,
              fill="600-fill duck down", weight_g=890, length="regular (fits up to 6 ft)"),
            P("PD_41030690", "Northvale Ember 40 Synthetic Sleeping Bag", 69.95, temp_rating_f=40,
              comfort_rating_f=48, fill="synthetic", weight_g=1150, length="regular (fits up to 6 ft)"),
            P("PD_41030733", "Altamo Frostline 15 Down Sleeping Bag", 189.00, temp_rating_f=15,
              comfort_rating_f=24, fill="800-fill goose down", weight_g=1020, length="regular (fits up to 6 ft)"),
        ]),
    ],
    """
Here's a tent-and-bag combo that covers both needs and comes to $279.94, leaving you about $20 of your $300 budget.

<product>PD_41027735,PD_41030518</product>

**Ridgeline Trekker 2P Backpacking Tent ($179.99)** is a true two-person, 3-season tent that weighs 1,620 g, so it's easy to split between two packs. It has two doors (no climbing over each other at night) and a 1,500 mm waterproof rating, and it packs down to about 46 x 15 cm.

**Northvale Ember 30 Down Sleeping Bag ($99.95)** is rated to 30°F, with a 38°F comfort rating, and uses 600-fill duck down, so it weighs only 890 g. The regular length fits sleepers up to 6 ft.

For a first trip, practise pitching the tent once at home, and if you expect nights near freezing, a liner or warm base layers will help you sleep closer to the comfort rating.
""",
    True, "none",
    "Both bundle parts meet every stated need: the tent holds 2 people, the bag's rating is 30°F (meets 'at least "
    "30°F'), and the total $279.94 is under the $300 cap.")

item(
    "dr-outdoor-02", "search_bundle",
    "Need a car-camping setup for me and my kid: a 4-person tent and two sleeping pads. Hard limit of $250 for "
    "everything.",
    [
        ({"query": "4 person camping tent", "max_price": 250}, [
            P("PD_41120331", "Cairnworks Basecamp 4 Cabin Tent", 149.99, capacity_persons=4, weight_g=6800,
              peak_height_cm=183, waterproof_rating_mm=2000, doors=1, season_rating="3-season"),
            P("PD_41120409", "Ridgeline Family 6 Tent", 229.00, capacity_persons=6, weight_g=9400,
              peak_height_cm=198, waterproof_rating_mm=2000, doors=2, season_rating="3-season"),
            P("PD_41120577", "Cairnworks Trail 2 Dome Tent", 89.99, capacity_persons=2, weight_g=2300,
              peak_height_cm=110, waterproof_rating_mm=1500, doors=1, season_rating="3-season"),
        ]),
        ({"query": "camping sleeping pad", "max_price": 100}, [
            P("PD_41121150", "Driftwell Self-Inflating Sleeping Pad", 54.99, thickness_cm=5, r_value=3.5,
              length_cm=183, sold_as="single pad"),
            P("PD_41121238", "Driftwell Foam Z Sleeping Pad", 34.95, thickness_cm=2, r_value=2.0, length_cm=183,
              sold_as="single pad"),
        ]),
    ],
    """
For car camping with your kid, I'd go with a roomy cabin tent plus two comfortable self-inflating pads:

<product>PD_41120331,PD_41121150</product>

**Cairnworks Basecamp 4 Cabin Tent ($149.99)** sleeps four, so the two of you get plenty of room for gear. The 183 cm peak height means you can stand up inside to change, and it has a 2,000 mm waterproof rating for rainy nights. At 6.8 kg it's heavy for backpacking, but that doesn't matter when it rides in the car.

**Driftwell Self-Inflating Sleeping Pad ($54.99 each, sold singly, so you'd order two)** is 5 cm thick with an R-value of 3.5, warm enough for cool spring and fall nights, and 183 cm long.

All together, the tent and two pads come to $259.97. Bring a tarp or footprint to put under the tent floor, and you're set for your first weekend out.
""",
    False, "over_budget",
    "The bundle totals $259.97 (tent $149.99 + 2 x $54.99), over the user's stated 'hard limit of $250'. The answer "
    "states the total correctly but still recommends it; a cheaper pad in the results would have fit.")

item(
    "dr-outdoor-03", "search_multi_constraint",
    "Looking for a headlamp for night kayaking. It must be USB-C rechargeable, at least 300 lumens, and fully "
    "waterproof (IPX7 or better), because it will get dunked.",
    [
        ({"query": "rechargeable waterproof headlamp", "min_lumens": 300}, [
            P("PD_41210862", "Luxora Trailbeam 400R Headlamp", 39.99, max_lumens=400, charging="USB-C",
              ip_rating="IPX4", battery_hours_high=6, battery_hours_low=40, weight_g=86, red_light=True),
            P("PD_41210915", "Luxora Trailbeam 250 Headlamp", 24.99, max_lumens=250, charging="USB-C",
              ip_rating="IPX4", battery_hours_high=5, battery_hours_low=35, weight_g=74, red_light=True),
            P("PD_41211047", "Beacon Peak Aqua 350 Headlamp", 54.00, max_lumens=350, charging="micro-USB",
              ip_rating="IPX8", battery_hours_high=4, battery_hours_low=30, weight_g=112, red_light=False),
        ]),
    ],
    """
My pick for night paddling is the Luxora Trailbeam 400R:

<product>PD_41210862</product>

**Luxora Trailbeam 400R Headlamp ($39.99)**
- **Brightness:** up to 400 lumens, comfortably above your 300-lumen minimum, which is enough to pick out the shoreline and buoys.
- **Charging:** USB-C, so it charges with the same cable as your phone.
- **Runtime:** about 6 hours on high and up to 40 hours on low.
- **Water resistance:** rated IPX4 (splash-resistant).
- **Extras:** a red-light mode that keeps your night vision, and at 86 g it's light enough to forget about under a hood.

Tip: tether it to your PFD's shoulder strap when you're not wearing it, so it can't slip overboard.
""",
    False, "missing_required_feature",
    "The user said the lamp must be IPX7 or better because it will be submerged; the carded lamp is IPX4 "
    "(splash-resistant only). Lumens and USB-C fit, but a 'must' requirement fails.")

item(
    "dr-outdoor-04", "search_fuzzy",
    "What's something good to keep my coffee hot on early-morning hikes? Nothing too heavy.",
    [
        ({"query": "insulated thermos bottle hiking coffee"}, [
            P("PD_41305521", "Stillwater 20 oz Insulated Bottle", 29.99, capacity_ml=590, keeps_hot_hours=12,
              weight_g=340, material="double-wall stainless steel", leakproof=True),
            P("PD_41305690", "Stillwater 40 oz Food Jar", 44.99, capacity_ml=1180, keeps_hot_hours=24,
              weight_g=720, material="double-wall stainless steel", leakproof=True),
            P("PD_41305733", "Kettlecamp Insulated Camp Mug 12 oz", 22.00, capacity_ml=355, keeps_hot_hours=3,
              weight_g=210, material="double-wall stainless steel", leakproof=False),
        ]),
    ],
    """
A compact vacuum-insulated bottle is the way to go, and this one balances heat retention and weight well:

<product>PD_41305521</product>

**Stillwater 20 oz Insulated Bottle ($29.99)** holds 590 ml, about two generous cups, and its double-wall stainless steel keeps coffee hot for up to 12 hours, so a pre-dawn brew will still be hot at the summit. It weighs 340 g and is leakproof, so it can ride inside your pack instead of a side pocket.

To get the most out of it, pre-heat the bottle with boiling water for a few minutes before you pour the coffee in. It noticeably extends how long the coffee stays hot.
""",
    True, "none",
    "Vague need (keep coffee hot while hiking, light): a 590 ml, 340 g leakproof bottle that keeps drinks hot 12 h "
    "is exactly the right kind of product.")

# ---------------------------------------------------------------------------------------------- kitchen
item(
    "dr-kitchen-01", "search_multi_constraint",
    "I want a burr coffee grinder for pour-over, under $100. It needs to be electric. I'm not hand-cranking every "
    "morning.",
    [
        ({"query": "electric burr coffee grinder", "max_price": 110}, [
            P("PD_42010348", "Grindhaus Conic 40 Electric Burr Grinder", 104.99, burr_type="conical steel",
              grind_settings=40, electric=True, hopper_capacity_g=250),
            P("PD_42010415", "Millbrook Hand Burr Grinder", 59.00, burr_type="ceramic conical", grind_settings=18,
              electric=False, hopper_capacity_g=30),
            P("PD_42010562", "Brevio Blade Coffee Grinder", 24.99, burr_type="blade", grind_settings=0,
              electric=True, hopper_capacity_g=70),
        ]),
    ],
    """
For pour-over you want a consistent medium grind, which is exactly what a burr grinder is for. Here's the one I'd get:

<product>PD_42010348</product>

**Grindhaus Conic 40 Electric Burr Grinder ($104.99)**
- Conical steel burrs give an even grind, so you avoid the mix of dust and boulders that makes pour-over taste bitter and sour at once.
- 40 grind settings, enough room to dial in between V60 and flat-bottom brewers.
- Electric, so it's one button in the morning.
- 250 g bean hopper, several days' worth for most households.

Start around the middle of the range for pour-over and adjust a step or two finer if your brew tastes thin.
""",
    False, "over_budget",
    "Marginal but clear: the user set a cap of 'under $100' and the only carded grinder costs $104.99. It meets every "
    "other requirement (electric, burr).")

item(
    "dr-kitchen-02", "search_fuzzy",
    "Need a nice gift for a coffee lover, around $50. They already have a good espresso machine.",
    [
        ({"query": "coffee lover gift", "max_price": 60}, [
            P("PD_42110274", "Ferro & Co. Pour-Over Starter Set", 46.00,
              includes="glass dripper, 600 ml glass server, 100 paper filters", material="borosilicate glass"),
            P("PD_42110339", "Millbrook Hand Burr Grinder", 52.00, burr_type="ceramic conical", grind_settings=18,
              electric=False),
            P("PD_42110481", "Crema Pro Knock Box & Tamper Station", 39.50,
              includes="knock box, tamper stand", material="walnut and stainless steel", fits_tamper_mm="51-58"),
            P("PD_42110590", "Brevio 12-Cup Drip Coffee Maker", 79.99, capacity_cups=12, programmable=True),
        ]),
    ],
    """
Since they already have a good espresso machine, I'd go for something that adds to their setup or gives them a new way to brew. Two ideas near your $50 mark:

<product>PD_42110481</product>

**Crema Pro Knock Box & Tamper Station ($39.50)**: a walnut-and-stainless station with a knock box for spent pucks and a stand for their tamper (it fits 51–58 mm tampers). Espresso fans use it every day, and people rarely buy one for themselves.

<product>PD_42110274</product>

**Ferro & Co. Pour-Over Starter Set ($46.00)**: a borosilicate glass dripper, a 600 ml glass server and 100 paper filters, so they can brew filter coffee for mornings when they don't want espresso.

If they're the tinkering type, go with the knock box station; if they like trying new brew methods, the pour-over set is the more fun gift.
""",
    True, "none",
    "Vague gift query: both cards are coffee gifts near $50 ($39.50 and $46) that suit someone who owns an "
    "espresso machine.")

item(
    "dr-kitchen-03", "search_multi_constraint",
    "We're a family of six and eat a lot of rice. I need a rice cooker that does at least 10 cups of uncooked rice, "
    "with a keep-warm function.",
    [
        ({"query": "large rice cooker keep warm"}, [
            P("PD_42210716", "Kumo 5.5-Cup Fuzzy Logic Rice Cooker", 119.99, capacity_cups_uncooked=5.5,
              capacity_cups_cooked=11, keep_warm=True, fuzzy_logic=True, inner_pot="nonstick"),
            P("PD_42210803", "Kumo 10-Cup Fuzzy Logic Rice Cooker", 159.99, capacity_cups_uncooked=10,
              capacity_cups_cooked=20, keep_warm=True, fuzzy_logic=True, inner_pot="nonstick"),
            P("PD_42210977", "Aroha 3-Cup Mini Rice Cooker", 29.99, capacity_cups_uncooked=3,
              capacity_cups_cooked=6, keep_warm=True, fuzzy_logic=False, inner_pot="nonstick"),
        ]),
    ],
    """
A fuzzy-logic cooker is worth it if you make rice often. It adjusts temperature and timing as it cooks, so results are consistent batch after batch.

<product>PD_42210716</product>

**Kumo 5.5-Cup Fuzzy Logic Rice Cooker ($119.99)**
- Capacity: 5.5 cups uncooked, which makes up to 11 cups of cooked rice.
- Keep-warm: yes, and it holds rice at serving temperature after cooking finishes.
- Fuzzy logic cooking for evenly cooked white, brown and mixed rice.
- Nonstick inner pot that's easy to clean.

Rinse the rice until the water runs mostly clear before cooking. It makes a real difference in texture with fuzzy-logic cookers.
""",
    False, "wrong_size",
    "The user needs at least 10 cups UNCOOKED; the carded cooker holds 5.5 cups uncooked (11 cooked). Keep-warm fits, "
    "but the capacity requirement fails, and a 10-cup model was in the results.")

item(
    "dr-kitchen-04", "qa_compare",
    "Which is better for baking sourdough at home: the Hearthly 5.5 qt Enameled Dutch Oven or the Corvo Cast-Iron "
    "Combo Cooker?",
    [
        ({"query": "Hearthly 5.5 qt enameled dutch oven; Corvo cast iron combo cooker"}, [
            P("PD_42311240", "Hearthly 5.5 qt Enameled Dutch Oven", 89.95, capacity_qt=5.5,
              material="enameled cast iron", oven_safe_f=500, knob="phenolic, oven-safe to 390°F", weight_kg=5.4),
            P("PD_42311317", "Corvo Cast-Iron Combo Cooker 3.2 qt", 49.99, capacity_qt=3.2,
              material="pre-seasoned cast iron", oven_safe_f=600, lid_doubles_as_skillet=True, weight_kg=5.9),
        ]),
    ],
    """
For sourdough specifically, the **Corvo Combo Cooker** is the better tool.

<product>PD_42311317</product>

**Corvo Cast-Iron Combo Cooker 3.2 qt ($49.99)**: pre-seasoned cast iron that's oven-safe to 600°F, so preheating at 475–500°F is no problem. Its shallow lid doubles as a skillet, and you can use that shallow side as the base: you lower the dough onto a shallow pan instead of dropping it into a deep hot pot, which is easier and safer. It weighs 5.9 kg.

<product>PD_42311240</product>

**Hearthly 5.5 qt Enameled Dutch Oven ($89.95)**: enameled cast iron rated to 500°F, but its phenolic knob is only oven-safe to 390°F. At typical sourdough temperatures you'd need to swap in a metal knob or remove it. The 5.5 qt size handles larger loaves and is the more versatile pot for stews and braises, and the enamel needs no seasoning.

**Bottom line:** if the pot is mainly for bread, get the Corvo: it's cheaper, handles higher heat and is easier to load. If you want one pot for bread *and* everyday cooking, the Hearthly is the better all-rounder once you swap the knob.
""",
    True, "none",
    "Comparison question: the cards are exactly the two products the user asked about, and the answer picks one "
    "for the stated use.")

# ---------------------------------------------------------------------------------------------- audio
item(
    "dr-audio-01", "search_multi_constraint",
    "I need wireless earbuds with active noise cancelling for my commute. At least 8 hours of battery per charge, "
    "under $150, and they have to work with my iPhone.",
    [
        ({"query": "ANC wireless earbuds", "max_price": 150}, [
            P("PD_43010118", "Sonora Pulse ANC Earbuds", 129.00, anc=True, battery_hours=9,
              battery_hours_with_case=30, bluetooth="5.3", compatible_with="iOS, Android", ip_rating="IPX4"),
            P("PD_43010296", "Sonora Pulse Pro ANC Earbuds", 149.00, anc=True, battery_hours=8,
              battery_hours_with_case=32, bluetooth="5.3", compatible_with="iOS, Android", wireless_charging=True),
            P("PD_43010354", "Vexa Buds Lite", 49.99, anc=False, battery_hours=6, battery_hours_with_case=24,
              bluetooth="5.2", compatible_with="iOS, Android"),
            P("PD_43010482", "Vexa Buds Max", 179.99, anc=True, battery_hours=10, battery_hours_with_case=36,
              bluetooth="5.3", compatible_with="iOS, Android"),
        ]),
    ],
    """
Two good options that meet all of your requirements:

<product>PD_43010118</product>

**Sonora Pulse ANC Earbuds ($129.00)**: my main pick. Active noise cancelling, 9 hours per charge (30 with the case), Bluetooth 5.3, and they work with iOS and Android, so your iPhone is covered. The IPX4 rating also means a rainy walk to the station is fine.

<product>PD_43010296</product>

**Sonora Pulse Pro ANC Earbuds ($149.00)**: the step up if you'd use wireless charging. Same ANC and iOS/Android support, 8 hours per charge and 32 hours with the case, plus wireless charging.

For most commutes the Pulse gives you the longer per-charge battery and saves $20; go Pro only if wireless charging matters to you.
""",
    True, "none",
    "Both cards meet every hard requirement. The Pro sits right at the edges ($149 < $150, 8 h = 'at least 8 h') but "
    "still meets them; near-line pass, not borderline.")

item(
    "dr-audio-02", "search_multi_constraint",
    "Looking for a wireless gaming headset with a mic for my PS5. Budget is about $100.",
    [
        ({"query": "wireless gaming headset mic", "max_price": 120}, [
            P("PD_43110507", "Hexfield Vanguard X Wireless Headset", 99.99, wireless=True, mic="detachable boom",
              connection="Xbox Wireless",
              compatible_with=["Xbox Series X|S", "Xbox One", "Windows PC (via USB dongle)"], battery_hours=20),
            P("PD_43110621", "Hexfield Vanguard P Wireless Headset", 99.99, wireless=True, mic="detachable boom",
              connection="2.4 GHz USB-C dongle",
              compatible_with=["PS5", "PS4", "PC", "Nintendo Switch (docked)"], battery_hours=24),
            P("PD_43110788", "Corsa Wired Stereo Gaming Headset", 39.99, wireless=False, mic="flip-up boom",
              connection="3.5 mm", compatible_with=["PS5", "Xbox", "PC", "Switch"]),
        ]),
    ],
    """
Right at your budget, this is a solid wireless headset:

<product>PD_43110507</product>

**Hexfield Vanguard X Wireless Headset ($99.99)**
- Wireless, using an Xbox Wireless connection, so there's no cable to trip over from the couch.
- Detachable boom mic: clip it on for party chat, pop it off when you're just playing.
- 20-hour battery, enough for a long weekend of gaming between charges.
- Compatible with Xbox Series X|S, Xbox One and Windows PC (via the USB dongle).

If you play late at night, the detachable mic also makes it easy to use as a regular pair of headphones.
""",
    False, "incompatible",
    "The user games on a PS5; the carded headset uses Xbox Wireless and lists only Xbox and Windows PC. The "
    "same-priced PS5-compatible variant was in the results.")

item(
    "dr-audio-03", "search_fuzzy",
    "My Arvo Pods keep falling out of my ears when I run. Is there anything I can buy to fix that without "
    "replacing them?",
    [
        ({"query": "Arvo Pods ear tips ear hooks running"}, [
            P("PD_43210145", "FitSeal Memory Foam Tips for Arvo Pods (3 pairs, S/M/L)", 19.99,
              compatible_with=["Arvo Pods", "Arvo Pods 2"], material="memory foam", pairs=3),
            P("PD_43210233", "WingLoc Sport Ear Hooks for Arvo Pods", 12.99,
              compatible_with=["Arvo Pods", "Arvo Pods 2"], material="silicone", pairs=2),
            P("PD_43210391", "FitSeal Foam Tips for Vexa Buds", 17.99,
              compatible_with=["Vexa Buds Lite", "Vexa Buds Max"], material="memory foam", pairs=3),
        ]),
    ],
    """
Yes. You don't need new earbuds, just a better fit. Two inexpensive add-ons made for Arvo Pods:

<product>PD_43210145</product>

**FitSeal Memory Foam Tips for Arvo Pods ($19.99)**: three pairs (S/M/L) of memory foam tips that expand to fill your ear canal, which grips much better than stock silicone when you sweat. They fit Arvo Pods and Arvo Pods 2.

<product>PD_43210233</product>

**WingLoc Sport Ear Hooks for Arvo Pods ($12.99)**: two pairs of silicone hooks that wrap over the top of your ear, so the buds physically can't drop out even if the seal loosens mid-run. Also compatible with Arvo Pods and Arvo Pods 2.

Start with the foam tips. Many runners find the better seal is enough on its own. If yours still work loose on longer runs, add the ear hooks; the two can be used together.
""",
    True, "none",
    "The user asked for something to fix the fit WITHOUT replacing the earbuds, so accessories are the right kind; "
    "both are listed as compatible with Arvo Pods.")

item(
    "dr-audio-04", "search_general",
    "I'm starting a podcast and need a USB microphone I can plug straight into my laptop.",
    [
        ({"query": "USB podcast microphone"}, [
            P("PD_43310672", "Tonewell Solo USB Audio Interface", 89.00, type="audio interface",
              inputs="1 x XLR/TRS combo", phantom_power=True, connection="USB-C", includes_microphone=False),
            P("PD_43310740", "Tonewell Podcaster USB Microphone", 79.00, type="dynamic microphone",
              connection="USB-C", polar_pattern="cardioid", headphone_jack=True),
            P("PD_43310815", "Echoline Studio XLR Condenser Mic", 99.00, type="condenser microphone",
              connection="XLR", polar_pattern="cardioid"),
        ]),
    ],
    """
For a podcast setup that goes straight into your laptop over USB, I'd start here:

<product>PD_43310672</product>

**Tonewell Solo USB Audio Interface ($89.00)**
- Connects to your laptop over USB-C.
- One XLR/TRS combo input, so you can plug in an XLR microphone (or an instrument).
- Phantom power for condenser mics.
- Note that it doesn't include a microphone; it's the box your mic plugs into.

Record in the quietest, most furnished room you have. Soft furnishings cut echo more than any gear upgrade.
""",
    False, "wrong_kind",
    "The user asked for a USB microphone; the only card is an audio interface that includes no microphone (an "
    "accessory of a different setup). A USB mic was in the results.")

# ---------------------------------------------------------------------------------------------- computing
item(
    "dr-computing-01", "search_multi_constraint",
    "My laptop only has USB-C ports. I need a hub with HDMI that does 4K at 60Hz for my monitor, an SD card reader, "
    "and at least 85W power passthrough.",
    [
        ({"query": "USB-C hub HDMI 4K SD card power delivery"}, [
            P("PD_44010283", "Portly 7-in-1 USB-C Hub", 39.99, hdmi_max="4K@30Hz", sd_card_reader=True,
              pd_passthrough_w=100, usb_a_ports=2, ethernet=False),
            P("PD_44010357", "Portly 8-in-1 USB-C Hub Pro", 64.99, hdmi_max="4K@60Hz", sd_card_reader=True,
              pd_passthrough_w=100, usb_a_ports=2, ethernet=True),
            P("PD_44010419", "Linkbay Mini 4-in-1 USB-C Hub", 24.99, hdmi_max="4K@30Hz", sd_card_reader=False,
              pd_passthrough_w=60, usb_a_ports=2, ethernet=False),
        ]),
    ],
    """
Here's a compact hub that covers your setup for under $40:

<product>PD_44010283</product>

**Portly 7-in-1 USB-C Hub ($39.99)**
- **Display:** HDMI output up to 4K at 30Hz.
- **SD card reader:** built in, handy for pulling photos off a camera.
- **Power passthrough:** up to 100W, comfortably above your 85W requirement, so your laptop charges through the hub.
- **USB-A:** two ports for a keyboard, mouse or flash drive.

Plug your laptop's charger into the hub's PD port rather than directly into the laptop, so the whole setup runs through one cable.
""",
    False, "missing_required_feature",
    "The user needs HDMI at 4K 60Hz; the carded hub does 4K@30Hz only. The SD reader and 100W passthrough fit. The "
    "4K@60Hz Pro model was in the results.")

item(
    "dr-computing-02", "search_general",
    "Can you recommend a wireless mouse for my MacBook Air? Quiet clicks would be nice since I often work in "
    "libraries.",
    [
        ({"query": "wireless mouse Mac"}, [
            P("PD_44110562", "Glide M3 Wireless Mouse", 34.99, connection="Bluetooth 5.1",
              compatible_with="macOS, Windows, iPadOS, ChromeOS", battery="rechargeable (USB-C)", battery_days=70,
              buttons=5, weight_g=95),
            P("PD_44110640", "Glide M1 Wireless Mouse", 19.99, connection="2.4 GHz USB-A receiver",
              compatible_with="Windows, macOS", battery="1 x AA", battery_days=365, buttons=3, weight_g=78),
            P("PD_44110718", "Clicknest Ergo Vertical Mouse", 49.99, connection="Bluetooth",
              compatible_with="Windows, macOS", battery="rechargeable (USB-C)", battery_days=60, buttons=6,
              weight_g=130),
        ]),
    ],
    """
I'd go with a Bluetooth mouse, so you don't need a dongle or an adapter for the MacBook Air's USB-C ports:

<product>PD_44110562</product>

**Glide M3 Wireless Mouse ($34.99)**
- Bluetooth 5.1, pairs directly with macOS (also works with iPadOS, Windows and ChromeOS if you switch devices).
- Rechargeable over USB-C, the same cable as your MacBook, with up to 70 days per charge.
- Five buttons, and at 95 g it's light enough to carry in a laptop sleeve.

One caveat on the quiet-click wish: the listing doesn't say anything about click noise either way, so if silent clicks turn out to matter a lot in the library, check the reviews before ordering.
""",
    True, "none",
    "BORDERLINE. Core need (wireless, works with a MacBook Air) is met. 'Quiet clicks would be nice' is a soft "
    "preference the record says nothing about, and the answer flags that; an unknown soft preference does not make "
    "the card wrong.")

item(
    "dr-computing-03", "search_multi_constraint",
    "I need a 27-inch monitor for my home office with a USB-C port that can charge my laptop while it's "
    "connected. My laptop needs 65W.",
    [
        ({"query": "27 inch USB-C monitor power delivery"}, [
            P("PD_44210831", "Clarix 27Q USB-C Monitor", 279.99, screen_size_in=27, resolution="2560x1440",
              panel="IPS", refresh_hz=75, usb_c=True, usb_c_ports=1, hdmi_ports=1),
            P("PD_44210902", "Clarix 24F USB-C Monitor", 199.99, screen_size_in=24, resolution="1920x1080",
              panel="IPS", refresh_hz=75, usb_c=True, usb_c_power_delivery_w=65, hdmi_ports=1),
            P("PD_44210977", "Vistara 27 IPS Monitor", 169.99, screen_size_in=27, resolution="2560x1440",
              panel="IPS", refresh_hz=100, usb_c=False, hdmi_ports=2),
            P("PD_44211045", "Vistara 32 USB-C Monitor", 349.99, screen_size_in=32, resolution="3840x2160",
              panel="VA", refresh_hz=60, usb_c=True, usb_c_power_delivery_w=90, hdmi_ports=2),
        ]),
    ],
    """
For a 27-inch home-office monitor with USB-C, this is the one I'd look at:

<product>PD_44210831</product>

**Clarix 27Q USB-C Monitor ($279.99)**
- 27-inch IPS panel at 2560x1440: sharper than 1080p at this size, and great for side-by-side windows.
- 75 Hz refresh, a little smoother for scrolling than a standard 60 Hz panel.
- One USB-C port plus one HDMI port, so you can connect your laptop with a single USB-C cable.

One thing to confirm before you buy: the listing doesn't state how many watts its USB-C port delivers, so check that it supplies the 65W your laptop needs before counting on it to charge while connected.
""",
    False, "unverified_requirement",
    "BORDERLINE. Size and USB-C fit, but 65W charging over USB-C, the central 'need', is not shown by the record "
    "(no power-delivery field, while the other USB-C monitors list one). The answer admits it is unverified yet "
    "still recommends it. An unverified must-have counts as not met.")

item(
    "dr-computing-04", "qa_compare",
    "For a college student who carries their laptop around campus all day, which is better: the Lumetra Air 14 or "
    "the Kestrel Pro 15?",
    [
        ({"query": "Lumetra Air 14; Kestrel Pro 15"}, [
            P("PD_44311106", "Lumetra Air 14", 899.00, screen_size_in=14, weight_kg=1.25, battery_hours=15,
              cpu="Lumetra L3 8-core", ram_gb=16, storage_gb=512),
            P("PD_44311188", "Kestrel Pro 15", 1049.00, screen_size_in=15.6, weight_kg=2.1, battery_hours=8,
              gpu="discrete, 6 GB", ram_gb=16, storage_gb=1024),
        ]),
    ],
    """
For carrying around campus all day, the **Lumetra Air 14** is the better fit.

<product>PD_44311106</product>

**Lumetra Air 14 ($899)**: 1.25 kg with a 14-inch screen and a rated 15 hours of battery, so it can realistically last a full day of classes without hunting for an outlet. The 8-core Lumetra L3 chip, 16 GB of RAM and 512 GB of storage are plenty for notes, papers, coding assignments and streaming.

<product>PD_44311188</product>

**Kestrel Pro 15 ($1,049)**: a bigger 15.6-inch screen, a discrete 6 GB GPU and 1 TB of storage, but it weighs 2.1 kg and is rated for 8 hours of battery, so you'd likely need a charger in your bag.

**Verdict:** unless the student's coursework needs a discrete GPU (3D modelling, video editing, game development), the Air 14 is lighter, lasts nearly twice as long on battery and costs $150 less.
""",
    True, "none",
    "Comparison question: the cards are exactly the two laptops the user asked about, and the answer recommends one "
    "for the stated use.")

# ---------------------------------------------------------------------------------------------- fitness
item(
    "dr-fitness-01", "search_multi_constraint",
    "I want adjustable dumbbells that go up to at least 50 lb each. My budget is $400 for the pair.",
    [
        ({"query": "adjustable dumbbells 50 lb", "max_price": 450}, [
            P("PD_45010224", "IronDial 52 Adjustable Dumbbell (Single)", 189.99, max_weight_lb=52.5, min_weight_lb=5,
              increments_lb=2.5, sold_as="single dumbbell"),
            P("PD_45010318", "IronDial 52 Adjustable Dumbbell Pair", 429.00, max_weight_lb=52.5, min_weight_lb=5,
              increments_lb=2.5, sold_as="pair"),
            P("PD_45010473", "Flexlift 25 Adjustable Dumbbell Pair", 199.00, max_weight_lb=25, min_weight_lb=5,
              increments_lb=5, sold_as="pair"),
        ]),
    ],
    """
The best way to get a 50+ lb pair within $400 is to buy this dumbbell as two singles:

<product>PD_45010224</product>

**IronDial 52 Adjustable Dumbbell (Single), $189.99 each**
- Adjusts from 5 to 52.5 lb in 2.5 lb steps, so it covers your 50 lb target with a little headroom.
- Sold as a single dumbbell, so order **two**: $379.98 for the pair, under your $400 budget.

Put them on a rubber mat or a low stand. Dropping adjustable dumbbells is the most common way to damage the weight selector.
""",
    True, "none",
    "BORDERLINE. The listing is a single dumbbell, not a pair, but the answer explicitly tells the user to order two, "
    "and two cost $379.98 (under $400) and go to 52.5 lb. The user's need is met by the recommendation as given.")

item(
    "dr-fitness-02", "search_multi_constraint",
    "I need a yoga mat at least 6 mm thick because of bad knees, and long enough for me. I'm 6'3\", so 74 inches "
    "or more.",
    [
        ({"query": "thick long yoga mat"}, [
            P("PD_45110581", "Zenfold Align Yoga Mat", 58.00, thickness_mm=5, length_in=74, width_in=26,
              material="natural rubber", non_slip=True),
            P("PD_45110647", "Zenfold Cushion XL Yoga Mat", 72.00, thickness_mm=8, length_in=80, width_in=27,
              material="TPE", non_slip=True),
            P("PD_45110739", "Stretchwell Basic Yoga Mat", 21.99, thickness_mm=6, length_in=68, width_in=24,
              material="PVC", non_slip=False),
        ]),
    ],
    """
Here's a mat with the length you need and a grippy surface:

<product>PD_45110581</product>

**Zenfold Align Yoga Mat ($58.00)**
- 74 inches long and 26 inches wide, so at 6'3" you won't have your head or feet hanging off in savasana.
- 5 mm natural rubber.
- Non-slip surface that stays put in downward dog, even when your hands get sweaty.

For extra knee comfort in kneeling poses, you can fold the end of the mat over or put a folded towel under your knees.
""",
    False, "wrong_size",
    "The user needs at least 6 mm of thickness for bad knees; the carded mat is 5 mm. The length (74 in) fits, and "
    "an 8 mm, 80 in mat was in the results.")

item(
    "dr-fitness-03", "search_fuzzy",
    "I'm getting into running. What's a good way to track my runs (distance, pace, that kind of thing)? Keep it "
    "under $200.",
    [
        ({"query": "running tracker GPS watch", "max_price": 200}, [
            P("PD_45210806", "Stride GPS 245 Running Watch", 149.99, gps=True, heart_rate=True,
              battery_hours_gps=20, water_resistance_m=50),
            P("PD_45210879", "Pacer Band 3 Fitness Tracker", 59.99, gps=False, gps_note="uses phone's GPS",
              heart_rate=True, battery_days=10),
            P("PD_45210954", "Stride GPS 955 Multisport Watch", 449.99, gps=True, heart_rate=True,
              battery_hours_gps=40, water_resistance_m=100),
        ]),
    ],
    """
A GPS running watch is the simplest way to get accurate distance and pace without carrying your phone:

<product>PD_45210806</product>

**Stride GPS 245 Running Watch ($149.99)**
- Built-in GPS tracks distance, pace and route on its own.
- Wrist heart-rate sensor, useful once you start doing easy/hard training days.
- Up to 20 hours of battery in GPS mode, which is weeks of normal training between charges.
- 50 m water resistance, so rain and sweat are no concern.

When you start out, focus on easy runs where you can hold a conversation. The watch's heart-rate readout makes it easy to check you're not going too hard.
""",
    True, "none",
    "Open-ended need (track distance and pace, under $200): a $149.99 GPS running watch is a right kind of product "
    "and meets the budget.")

item(
    "dr-fitness-04", "search_general",
    "I'd like an indoor exercise bike for my apartment so I can keep riding through the winter.",
    [
        ({"query": "indoor exercise bike apartment"}, [
            P("PD_45310122", "Veloce Smart Trainer T2", 399.00, type="direct-drive smart trainer",
              requires_own_bike=True, max_resistance_w=1800, app_compatible=True, noise_db=58),
            P("PD_45310207", "Spinhaus Studio Bike S1", 449.00, type="indoor cycling bike", flywheel_kg=15,
              resistance="magnetic", max_user_kg=125, noise_db=52),
            P("PD_45310331", "Veloce Mag Trainer", 159.00, type="wheel-on trainer", requires_own_bike=True,
              max_resistance_w=700, app_compatible=False, noise_db=68),
        ]),
    ],
    """
For winter riding in an apartment, a quiet, app-connected setup keeps indoor sessions from getting boring:

<product>PD_45310122</product>

**Veloce Smart Trainer T2 ($399.00)**
- A direct-drive smart trainer: you take off your bike's rear wheel and mount the bike on the trainer.
- Up to 1,800 W of resistance, far more than you'll need even for hard intervals.
- Works with training apps, so you can ride virtual routes or structured workouts all winter.
- About 58 dB, fairly neighbour-friendly for an apartment.

A trainer mat underneath will cut vibration through the floor and protect it from sweat.
""",
    False, "wrong_kind",
    "The user asked for an exercise bike; the card is a trainer that requires the user's own bicycle, which they "
    "never said they have. An indoor cycling bike was in the results.")

# ---------------------------------------------------------------------------------------------- home
item(
    "dr-home-01", "search_multi_constraint",
    "Looking for an air purifier for my 300 sq ft bedroom, around $100. It needs to be quiet enough to sleep with.",
    [
        ({"query": "quiet HEPA air purifier bedroom", "max_price": 150}, [
            P("PD_46010455", "PureNest 350 HEPA Air Purifier", 109.99, coverage_sqft=350, filter="True HEPA",
              noise_db_sleep_mode=24, cadr_cfm=230),
            P("PD_46010531", "PureNest 200 HEPA Air Purifier", 79.99, coverage_sqft=200, filter="True HEPA",
              noise_db_sleep_mode=26, cadr_cfm=130),
            P("PD_46010688", "Aerion Max 600 Air Purifier", 249.99, coverage_sqft=600, filter="True HEPA",
              noise_db_sleep_mode=28, cadr_cfm=400),
        ]),
    ],
    """
This one is sized right for your room and is very quiet on its sleep setting:

<product>PD_46010455</product>

**PureNest 350 HEPA Air Purifier ($109.99)**
- Rated for rooms up to 350 sq ft, so your 300 sq ft bedroom is covered with some margin.
- True HEPA filter with a CADR of 230 CFM.
- Sleep mode runs at 24 dB, about a whisper, so it won't keep you up.

Run it on a higher setting for an hour before bed to clear the room, then switch to sleep mode overnight.
""",
    True, "none",
    "BORDERLINE. 'Around $100' is a soft target and $109.99 is within about 10%, so it counts as around. Coverage "
    "(350 >= 300 sq ft) and quiet (24 dB sleep mode) fit. Contrast dr-kitchen-01, where 'under $100' is a hard cap.")

item(
    "dr-home-02", "search_multi_constraint",
    "I need a robot vacuum under $250 that can handle pet hair. It must work with Alexa, since the whole house "
    "runs on it.",
    [
        ({"query": "robot vacuum pet hair", "max_price": 250}, [
            P("PD_46110712", "Tidybot R5 Robot Vacuum", 229.00, suction_pa=2700,
              brush="rubber tangle-free roller", voice_assistants=["Google Assistant"], app_control=True,
              runtime_min=120),
            P("PD_46110798", "Tidybot R3 Robot Vacuum", 179.00, suction_pa=1800, brush="bristle roller",
              voice_assistants=["Alexa", "Google Assistant"], app_control=True, runtime_min=100),
            P("PD_46110865", "Sweeply X9 Self-Empty Robot Vacuum", 399.00, suction_pa=4000,
              brush="rubber tangle-free roller", voice_assistants=["Alexa", "Google Assistant"],
              app_control=True, runtime_min=150),
        ]),
    ],
    """
For pet hair, suction and the brush matter most, and this one is strong on both:

<product>PD_46110712</product>

**Tidybot R5 Robot Vacuum ($229.00)**
- 2,700 Pa suction pulls fur out of carpet as well as off hard floors.
- Rubber tangle-free roller, so hair doesn't wrap around the brush the way it does on bristle rollers.
- Up to 120 minutes of runtime, enough for a whole apartment or a floor of a house.
- App control, plus voice control through Google Assistant.

Empty the bin after every run for the first couple of weeks. Homes with pets fill it faster than you'd expect.
""",
    False, "missing_required_feature",
    "The user said it must work with Alexa; the record lists Google Assistant only. Price and pet-hair features fit. "
    "An Alexa model under $250 was in the results.")

item(
    "dr-home-03", "search_bundle",
    "I need blackout curtains for a bedroom window that's 48 inches wide. I want 84-inch-long panels, plus a rod to "
    "hang them. Under $80 total.",
    [
        ({"query": "blackout curtains 84 inch", "max_price": 80}, [
            P("PD_46210914", "Duskweave Thermal Blackout Curtains, 52 x 84 in (2 Panels)", 39.99,
              panel_width_in=52, panel_length_in=84, panels=2, blackout=True, grommet_inner_diameter_in=1.6),
            P("PD_46210987", "Duskweave Thermal Blackout Curtains, 52 x 63 in (2 Panels)", 34.99,
              panel_width_in=52, panel_length_in=63, panels=2, blackout=True, grommet_inner_diameter_in=1.6),
        ]),
        ({"query": "adjustable curtain rod", "max_price": 50}, [
            P("PD_46211053", "Rodwell Adjustable Curtain Rod, 48-84 in", 27.99, length_range_in="48-84",
              rod_diameter_in=1, max_load_lb=20, brackets_included=True),
            P("PD_46211129", "Rodwell Tension Rod, 28-48 in", 14.99, length_range_in="28-48",
              rod_diameter_in=0.75, max_load_lb=6, brackets_included=False),
        ]),
    ],
    """
Here's a curtains-plus-rod set that comes to $67.98, well under your $80 limit:

<product>PD_46210914,PD_46211053</product>

**Duskweave Thermal Blackout Curtains, 52 x 84 in (2 Panels), $39.99**: two 84-inch panels, each 52 inches wide, so together they give you about twice your window's width for a nice full drape when closed. They're blackout and thermal-lined, and the grommets have a 1.6-inch opening.

**Rodwell Adjustable Curtain Rod, 48–84 in, $27.99**: adjusts from 48 to 84 inches, so you can extend it several inches past each side of the window to block light at the edges. The 1-inch rod slides easily through the curtain grommets, holds up to 20 lb, and comes with brackets.

Mount the rod 4–6 inches above the window frame. The 84-inch panels will then reach close to the floor on a standard window, which looks more finished and blocks more light.
""",
    True, "none",
    "Both bundle parts fit: 84-in blackout panels, a rod that spans the 48-in window and fits the grommets; the "
    "total $67.98 is under $80.")

item(
    "dr-home-04", "search_multi_constraint",
    "I need a queen fitted sheet set that fits a deep mattress. Mine is 16 inches thick with the topper. Cotton, "
    "please.",
    [
        ({"query": "queen cotton sheet set deep pocket"}, [
            P("PD_46311206", "Lunelle Percale Sheet Set, Queen", 69.00, size="Queen", pocket_depth_in=14,
              material="100% cotton percale", thread_count=300),
            P("PD_46311280", "Lunelle Deep Pocket Sateen Sheet Set, Queen", 84.00, size="Queen",
              pocket_depth_in=18, material="100% cotton sateen", thread_count=400),
            P("PD_46311349", "Cloudrest Microfiber Sheet Set, Queen", 29.99, size="Queen", pocket_depth_in=16,
              material="polyester microfiber", thread_count=None),
        ]),
    ],
    """
For a crisp, breathable all-cotton set, I'd go with this one:

<product>PD_46311206</product>

**Lunelle Percale Sheet Set, Queen ($69.00)**
- 100% cotton percale at a 300 thread count: cool, crisp and matte, great if you sleep warm.
- Queen size, with a 14-inch fitted-sheet pocket.
- Percale softens with every wash and holds up well over years of use.

Wash them once before first use. Percale feels noticeably softer after the first couple of washes.
""",
    False, "wrong_size",
    "The user's mattress with topper is 16 in thick; the carded set's fitted pocket is 14 in, so it won't fit. "
    "Queen and cotton fit, and an 18-in cotton set was in the results.")

# ---------------------------------------------------------------------------------------------- pets
item(
    "dr-pets-01", "search_multi_constraint",
    "I need an automatic feeder for my two cats: dry food, a separate portion for each, and battery backup in case "
    "the power goes out. Under $120.",
    [
        ({"query": "automatic cat feeder two bowls battery backup", "max_price": 150}, [
            P("PD_47010339", "Whiskerly Duo Automatic Feeder", 99.99, bowls=2, food_type="dry kibble",
              hopper_capacity_l=5, battery_backup=True, meals_per_day_max=6, app_control=True),
            P("PD_47010412", "Whiskerly Solo Automatic Feeder", 59.99, bowls=1, food_type="dry kibble",
              hopper_capacity_l=4, battery_backup=True, meals_per_day_max=6, app_control=False),
            P("PD_47010586", "Pawtomat Smart Feeder Cam", 139.99, bowls=1, food_type="dry kibble",
              hopper_capacity_l=6, battery_backup=True, meals_per_day_max=10, app_control=True),
        ]),
    ],
    """
This feeder is built for exactly your setup:

<product>PD_47010339</product>

**Whiskerly Duo Automatic Feeder ($99.99)**
- Two bowls, so each cat gets its own portion from the shared hopper.
- Made for dry kibble, with a 5 L hopper that holds several days of food for two cats.
- Battery backup keeps meals on schedule during a power outage.
- Up to 6 meals a day, set from the app.

Run it for a few days while you're home so the cats get used to the sound of the dispenser before you rely on it.
""",
    True, "none",
    "Every stated requirement is shown in the record: 2 bowls, dry food, battery backup, $99.99 < $120.")

item(
    "dr-pets-02", "search_general",
    "What crate should I get for my 70 lb German shepherd?",
    [
        ({"query": "large dog crate German shepherd"}, [
            P("PD_47110621", "Kennelcraft Double-Door Wire Crate, 42 in", 89.99, length_in=42, max_pet_weight_lb=90,
              doors=2, divider_panel=True, foldable=True),
            P("PD_47110704", "Kennelcraft Double-Door Wire Crate, 36 in", 69.99, length_in=36, max_pet_weight_lb=50,
              doors=2, divider_panel=True, foldable=True),
            P("PD_47110788", "Kennelcraft Heavy-Duty Steel Crate, 48 in", 159.99, length_in=48,
              max_pet_weight_lb=110, doors=1, divider_panel=False, foldable=False),
        ]),
    ],
    """
For a 70 lb German shepherd, you want at least a 42-inch crate. Two good options:

<product>PD_47110621</product>

**Kennelcraft Double-Door Wire Crate, 42 in ($89.99)**: rated for dogs up to 90 lb, so there's comfortable headroom for your 70 lb shepherd. Two doors make it easy to fit into a room layout, it folds flat for travel, and the included divider panel is handy if you ever crate a puppy.

<product>PD_47110788</product>

**Kennelcraft Heavy-Duty Steel Crate, 48 in ($159.99)**: more room to stretch out, rated up to 110 lb, and built from heavy-duty steel, a good choice if your dog is a determined chewer or escape artist. It doesn't fold and has a single door.

Most shepherds are happy in the 42-inch crate. Choose the 48-inch heavy-duty one if yours is on the tall side or has damaged a wire crate before.
""",
    True, "none",
    "Both crates are the right kind and rated above 70 lb (90 and 110 lb) in sizes that suit a German shepherd.")

item(
    "dr-pets-03", "search_fuzzy",
    "My indoor cat gets bored while I'm at work all day. Any ideas for keeping her entertained?",
    [
        ({"query": "cat toys entertainment indoor cat alone"}, [
            P("PD_47210856", "Purrsuit Auto-Roll Motion Ball", 24.99, power="USB rechargeable", auto_mode=True,
              auto_schedule="plays 10 min, rests 1 h, repeats"),
            P("PD_47210923", "Beamtail Handheld Laser Pointer", 12.99, auto_mode=False,
              operation="handheld, press-and-hold button", power="2 x AAA"),
            P("PD_47211007", "Treetop 52 in Cat Tree with Window Perch", 69.99, height_in=52, window_perch=True,
              scratching_posts=3),
            P("PD_47211084", "Purrsuit Automatic Rotating Laser Toy", 29.99, auto_mode=True, timer_min=15,
              power="USB"),
        ]),
    ],
    """
A bored indoor cat usually needs something to chase. Here are two toys she can play with:

<product>PD_47210856</product>

**Purrsuit Auto-Roll Motion Ball ($24.99)**: a self-rolling ball with an automatic mode that plays for 10 minutes, rests for an hour, then starts again, so it keeps coming back to life through the day. It recharges over USB.

<product>PD_47210923</product>

**Beamtail Handheld Laser Pointer ($12.99)**: a classic chase toy. You press and hold the button to move the dot around, and most cats can't resist it. It runs on two AAA batteries.

Rotate toys every few days. Cats lose interest in anything that's always out, and a toy that "disappears" for a week feels new again.
""",
    False, "wrong_kind",
    "BORDERLINE. The need is entertainment while the owner is away at work. The motion ball fits (it runs on its own), "
    "but the handheld laser pointer needs a person holding the button, so it does nothing for the stated problem. "
    "Automatic alternatives were in the results.")

item(
    "dr-pets-04", "search_multi_constraint",
    "My 9-year-old Lab has a grain allergy. I need a grain-free dry food made for senior large-breed dogs, in a "
    "30 lb bag or bigger.",
    [
        ({"query": "grain free senior large breed dry dog food 30 lb"}, [
            P("PD_47310149", "Harvest Trail Grain-Free Senior Large Breed Dog Food, 30 lb", 64.99, grain_free=True,
              life_stage="senior", breed_size="large", bag_lb=30, main_protein="salmon"),
            P("PD_47310226", "Harvest Trail Senior Large Breed Dog Food with Brown Rice, 30 lb", 49.99,
              grain_free=False, ingredients_note="contains brown rice and oatmeal", life_stage="senior",
              breed_size="large", bag_lb=30, main_protein="chicken"),
            P("PD_47310302", "Kibbleworks Grain-Free Adult Dog Food, 24 lb", 54.99, grain_free=True,
              life_stage="adult", breed_size="all", bag_lb=24, main_protein="lamb"),
        ]),
    ],
    """
This one matches everything you listed:

<product>PD_47310149</product>

**Harvest Trail Grain-Free Senior Large Breed, 30 lb ($64.99)**: grain-free, made for senior large-breed dogs, and salmon as the main protein, a good change of protein for dogs with food sensitivities. It comes in a 30 lb bag.

If you'd like to spend less, there's also a cheaper option from the same brand:

<product>PD_47310226</product>

**Harvest Trail Senior Large Breed with Brown Rice, 30 lb ($49.99)**: same senior large-breed formulation and bag size with chicken as the main protein, $15 cheaper. Note that it contains brown rice and oatmeal, so it is not grain-free.

Whichever you choose, switch over gradually across 7–10 days by mixing it with the current food, to avoid an upset stomach.
""",
    False, "missing_required_feature",
    "The first card fits, but the second is carded as a cheaper fallback that contains grains, for a dog with a grain "
    "allergy. The answer discloses this, but the product still fails a hard requirement, so the item fails.")

# ---------------------------------------------------------------------------------------------- baby
item(
    "dr-baby-01", "qa_compare",
    "Which of these strollers will fit better in the trunk of my small hatchback: the Pipsqueak Compact or the "
    "Rambla Lite? I can't go over $400.",
    [
        ({"query": "Pipsqueak Compact stroller; Rambla Lite stroller"}, [
            P("PD_48010467", "Pipsqueak Compact Stroller", 279.00, folded_dimensions_in="21 x 17.5 x 9",
              weight_lb=14.3, one_hand_fold=True, recline="partial"),
            P("PD_48010538", "Rambla Lite Stroller", 349.00, folded_dimensions_in="26 x 20 x 11", weight_lb=17.6,
              one_hand_fold=True, recline="partial"),
            P("PD_48010615", "Pipsqueak Compact+ Stroller", 459.00, folded_dimensions_in="20 x 17 x 8",
              weight_lb=13.2, one_hand_fold=True, recline="full-flat"),
        ]),
    ],
    """
For a small hatchback trunk, the **Pipsqueak Compact** is the clear winner.

<product>PD_48010467</product>

**Pipsqueak Compact ($279)**: folds to 21 x 17.5 x 9 inches and weighs 14.3 lb. That's about the size of a carry-on bag, so it should fit crosswise in most small hatchbacks with room to spare for groceries. It has a one-hand fold.

<product>PD_48010538</product>

**Rambla Lite ($349)**: folds to 26 x 20 x 11 inches and weighs 17.6 lb. It's noticeably bulkier folded, which could take up most of a small trunk, though it also has a one-hand fold.

If you can stretch your budget a little, there's also:

<product>PD_48010615</product>

**Pipsqueak Compact+ ($459)**: folds even smaller (20 x 17 x 8 inches), weighs 13.2 lb and adds a full-flat recline for naps.

**Bottom line:** within your $400 limit, the Pipsqueak Compact fits your trunk best and costs $70 less than the Rambla Lite.
""",
    False, "over_budget",
    "BORDERLINE. The two compared strollers are fine cards, but a third is carded as a 'stretch' upgrade at $459, "
    "over the user's stated 'I can't go over $400'. The answer is transparent about it, yet the carded product breaks "
    "a hard cap.")

item(
    "dr-baby-02", "search_multi_constraint",
    "I need a mattress for a standard full-size crib. A waterproof cover is a must. Dual-sided (firm infant side, "
    "softer toddler side) would be nice but isn't essential.",
    [
        ({"query": "crib mattress waterproof"}, [
            P("PD_48110712", "Dreamlet Breathe Crib Mattress", 119.00, dimensions_in="52 x 27.5 x 6",
              waterproof_cover=True, dual_sided=False, firmness="firm", certifications="GREENGUARD Gold"),
            P("PD_48110789", "Dreamlet 2-Stage Crib Mattress", 169.00, dimensions_in="52 x 27.5 x 5",
              waterproof_cover=False, dual_sided=True, firmness="firm / medium",
              certifications="GREENGUARD Gold"),
            P("PD_48110856", "Snugburrow Mini Crib Mattress", 59.00, dimensions_in="38 x 24 x 3",
              waterproof_cover=True, dual_sided=True, firmness="firm / medium", certifications="CertiPUR-US"),
        ]),
    ],
    """
This mattress ticks your must-have and fits a standard crib:

<product>PD_48110712</product>

**Dreamlet Breathe Crib Mattress ($119.00)**
- 52 x 27.5 x 6 inches, the standard full-size crib mattress size, so it should fit snugly without gaps at the sides.
- Waterproof cover, your must-have, so accidents wipe up without soaking into the core.
- Firm surface, which is what safe-sleep guidance calls for with infants.
- GREENGUARD Gold certified for low chemical emissions.

It isn't dual-sided, so there's no softer toddler side. The dual-sided options in these results either lack a waterproof cover or are mini-crib size, so this is the best match for your must-have.
""",
    True, "none",
    "BORDERLINE. The must-have (waterproof cover) is met, and the standard-crib fit follows from 52 x 27.5 in. The "
    "missed dual-sided feature was explicitly 'nice but not essential', so a soft preference going unmet does not "
    "fail the card.")

item(
    "dr-baby-03", "search_multi_constraint",
    "I have a Rambla Lite stroller. I need an infant car seat that clicks into it so I can use them together as a "
    "travel system.",
    [
        ({"query": "infant car seat travel system stroller compatible"}, [
            P("PD_48210923", "Pipsqueak SafeNest Infant Car Seat", 199.99,
              stroller_compatible_with=["Pipsqueak Compact", "Pipsqueak Compact+", "Pipsqueak Duo"],
              weight_range_lb="4-35", base_included=True),
            P("PD_48211004", "Rambla Cocoon Infant Car Seat", 229.00,
              stroller_compatible_with=["Rambla Lite", "Rambla Trek"], weight_range_lb="4-32",
              base_included=True),
            P("PD_48211081", "Nestguard Infant Car Seat", 149.99, stroller_compatible_with=[],
              weight_range_lb="4-30", base_included=True),
        ]),
    ],
    """
Here's a well-rounded infant seat for a travel system:

<product>PD_48210923</product>

**Pipsqueak SafeNest Infant Car Seat ($199.99)**
- Clicks straight into Pipsqueak Compact, Compact+ and Duo strollers, no adapters needed.
- Fits babies from 4 to 35 lb, so it lasts well into the first year and beyond.
- Base included: leave the base installed in the car and just click the seat in and out.

Have the base installation checked at a car-seat check event or fire station. It's free in many areas and catches the most common mistakes.
""",
    False, "incompatible",
    "The user owns a Rambla Lite; the carded seat lists Pipsqueak strollers only. The core need (clicks into THEIR "
    "stroller) fails, and a Rambla-compatible seat was in the results.")

item(
    "dr-baby-04", "search_bundle",
    "Setting up a nursery. I'd like a video baby monitor and a white noise machine, under $150 for both.",
    [
        ({"query": "video baby monitor", "max_price": 150}, [
            P("PD_48310145", "Lullawatch 5-inch Video Baby Monitor", 99.99, screen_in=5, night_vision=True,
              two_way_talk=True, range_ft=1000, wifi=False),
            P("PD_48310229", "Lullawatch Wi-Fi Baby Cam", 159.99, screen_in=None, night_vision=True,
              two_way_talk=True, wifi=True),
        ]),
        ({"query": "white noise machine nursery", "max_price": 60}, [
            P("PD_48310392", "Hushbloom Sound Machine", 29.99, sounds=20, white_noise=True, night_light=True, timer=True,
              power="USB-C"),
            P("PD_48310468", "Hushbloom Portable Sound Machine", 19.99, sounds=6, white_noise=True, night_light=False, timer=True,
              power="rechargeable battery"),
        ]),
    ],
    """
Here's a monitor-plus-sound-machine pair that comes to $129.98, under your $150 budget:

<product>PD_48310145,PD_48310392</product>

**Lullawatch 5-inch Video Baby Monitor ($99.99)**: a dedicated 5-inch parent screen with night vision and two-way talk, so you can soothe the baby without going in. Range is up to 1,000 ft. It doesn't use Wi-Fi, so there's no app or account to set up and nothing exposed to the internet.

**Hushbloom Sound Machine ($29.99)**: 20 sounds including white noise, a built-in night light for late feeds, and a timer. It's powered over USB-C.

Place the sound machine across the room from the crib rather than right next to it, and keep the volume moderate.
""",
    True, "none",
    "Both bundle parts are the requested kinds (a video monitor and a white noise machine); the total $129.98 is "
    "under $150.")

# ---------------------------------------------------------------------------------------------- travel
item(
    "dr-travel-01", "search_multi_constraint",
    "I need a carry-on spinner that fits my airline's 22 x 14 x 9 inch limit (wheels and handles included). Under "
    "$200.",
    [
        ({"query": "carry-on spinner 22 x 14 x 9", "max_price": 200}, [
            P("PD_49010571", "Jetwise Glide 21 Spinner Carry-On", 169.00,
              dimensions_in_incl_wheels="22.5 x 14 x 9.5", wheels="4 spinner", expandable=False, weight_lb=7.1,
              shell="polycarbonate"),
            P("PD_49010648", "Jetwise Glide 20 Spinner Carry-On", 149.00,
              dimensions_in_incl_wheels="22 x 13.75 x 9", wheels="4 spinner", expandable=False, weight_lb=6.6,
              shell="polycarbonate"),
            P("PD_49010732", "Roamly Hardside Carry-On", 229.00, dimensions_in_incl_wheels="22 x 14 x 9",
              wheels="4 spinner", expandable=True, weight_lb=7.8, shell="aluminum"),
        ]),
    ],
    """
A hardside spinner with plenty of packing space:

<product>PD_49010571</product>

**Jetwise Glide 21 Spinner Carry-On ($169.00)**
- Measures 22.5 x 14 x 9.5 inches including wheels and handles.
- Four spinner wheels, so it glides alongside you through the terminal instead of being dragged.
- Polycarbonate shell, 7.1 lb.
- Not expandable, which keeps its outer size the same however full you pack it.

Packing cubes help a lot with hardside cases. They keep each half organised and stop things shifting when you open it.
""",
    False, "wrong_size",
    "Marginal but clear: the user's limit is 22 x 14 x 9 in including wheels, and the carded case is 22.5 x 14 x 9.5, "
    "over on two dimensions. A case that fits was in the results.")

item(
    "dr-travel-02", "qa_compare",
    "Which travel adapter is better for a trip to London and Rome, where I'll be charging a phone and a USB-C "
    "laptop: the Voltway Trio or the Plugra Global 65?",
    [
        ({"query": "Voltway Trio travel adapter; Plugra Global 65"}, [
            P("PD_49110813", "Voltway Trio Travel Adapter", 24.99,
              plug_types=["UK (G)", "EU (C/F)", "US (A)", "AU (I)"], usb_a_ports=2, usb_c_ports=1, usb_c_max_w=20),
            P("PD_49110897", "Plugra Global 65 Travel Adapter", 44.99,
              plug_types=["UK (G)", "EU (C/F)", "US (A/B)", "AU (I)"], usb_a_ports=1, usb_c_ports=2,
              usb_c_max_w=65, gan=True),
        ]),
    ],
    """
Both adapters cover the plugs you'll meet: UK Type G in London and EU Type C/F in Rome. The difference is charging power, and for your laptop the **Plugra Global 65** is the better choice.

<product>PD_49110897</product>

**Plugra Global 65 ($44.99)**: two USB-C ports with up to 65W, enough to charge a typical USB-C laptop straight from the adapter without packing its brick, plus one USB-A port for your phone or earbuds. It's GaN-based, which keeps it compact for that power.

<product>PD_49110813</product>

**Voltway Trio ($24.99)**: also has UK, EU, US and AU plugs, but its single USB-C port tops out at 20W. That's fine for a phone but too slow for most laptops, so you'd need to plug your laptop charger into it as well.

**Verdict:** for a phone plus a USB-C laptop, the Plugra Global 65 is worth the extra $20. The Voltway Trio only makes sense if you'll bring your laptop's own charger anyway.
""",
    True, "none",
    "Comparison question: the cards are exactly the two adapters the user named, and the answer picks one for the "
    "stated use.")

item(
    "dr-travel-03", "search_fuzzy",
    "Any suggestions for things to help me sleep on a long-haul flight?",
    [
        ({"query": "sleep on plane travel pillow eye mask earplugs"}, [
            P("PD_49210954", "Cloudnap Memory Foam Travel Pillow", 34.99, material="memory foam", packable=True,
              washable_cover=True),
            P("PD_49211036", "Cloudnap Contoured Sleep Mask", 14.99, blackout=True, material="contoured foam",
              adjustable_strap=True),
            P("PD_49211112", "Hushtone Foam Earplugs (20 pairs)", 7.99, nrr_db=32, pairs=20,
              material="polyurethane foam"),
        ]),
    ],
    """
The three things that make the biggest difference for sleeping on a plane are neck support, darkness and quiet. One pick for each:

<product>PD_49210954</product>

**Cloudnap Memory Foam Travel Pillow ($34.99)**: memory foam supports your neck better than inflatable pillows, so your head doesn't drop forward. It's packable, and the cover is washable.

<product>PD_49211036</product>

**Cloudnap Contoured Sleep Mask ($14.99)**: the contoured foam cups sit away from your eyes, so it blocks light without pressing on your lids, and the strap is adjustable.

<product>PD_49211112</product>

**Hushtone Foam Earplugs, 20 pairs ($7.99)**: a noise reduction rating of 32 dB takes the edge off engine drone and cabin chatter, and 20 pairs last many trips.

A couple of habits help too: pick a window seat so you have something to lean against, and skip alcohol, which tends to make in-flight sleep lighter and more broken.
""",
    True, "none",
    "Vague need with many fitting kinds: a neck pillow, a sleep mask and earplugs all directly serve sleeping on a "
    "flight.")

item(
    "dr-travel-04", "search_multi_constraint",
    "I need a power bank I can take on a plane in my carry-on. It has to charge my USB-C laptop, which draws 65W, "
    "and have at least 20,000 mAh.",
    [
        ({"query": "laptop power bank 20000 mAh USB-C airline"}, [
            P("PD_49310178", "Ampora 26K Power Bank", 59.99, capacity_mah=26800, capacity_wh=96.5,
              usb_c_max_output_w=30, usb_c_ports=2, airline_carry_on_ok=True),
            P("PD_49310254", "Ampora 25K Laptop Power Bank", 89.99, capacity_mah=25000, capacity_wh=90,
              usb_c_max_output_w=100, usb_c_ports=2, airline_carry_on_ok=True),
            P("PD_49310339", "Chargio Slim 10K Power Bank", 24.99, capacity_mah=10000, capacity_wh=37,
              usb_c_max_output_w=20, usb_c_ports=1, airline_carry_on_ok=True),
        ]),
    ],
    """
This one gives you the most capacity you can legally carry on, at a good price:

<product>PD_49310178</product>

**Ampora 26K Power Bank ($59.99)**
- 26,800 mAh (96.5 Wh), comfortably above your 20,000 mAh minimum.
- Under the 100 Wh airline limit, so it's allowed in your carry-on without airline approval.
- Two USB-C ports with up to 30W output.

Power banks must go in carry-on luggage, never checked bags, so keep it in your personal item where it's easy to take out at security if asked.
""",
    False, "missing_required_feature",
    "The user's laptop draws 65W; the carded bank's USB-C output tops out at 30W, so it cannot charge the laptop as "
    "required. Capacity and carry-on fit, and a 100W bank was in the results.")


def main() -> None:
    assert len(ITEMS) == 36, len(ITEMS)
    assert len({i["id"] for i in ITEMS}) == 36
    with OUT.open("w", encoding="utf-8") as f:
        for it in ITEMS:
            f.write(json.dumps(it, ensure_ascii=False) + "\n")
    n_pass = sum(it["labels"]["checks"]["ui_relevance"] for it in ITEMS)
    print(f"wrote {len(ITEMS)} items to {OUT} ({n_pass} pass, {len(ITEMS) - n_pass} fail)")


if __name__ == "__main__":
    main()
