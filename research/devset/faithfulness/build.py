"""Build and check dev_faithfulness.jsonl: 36 hand-labelled SmartShop trajectories about description faithfulness.

Standard library only. Every query, product record, trajectory step, response and label is written out below;
nothing is generated at random. Run:

    python research/devset/faithfulness/build.py            # write the .jsonl and check it
    python research/devset/faithfulness/build.py --check    # only check the existing .jsonl

Each item passes every L1 sub-check except possibly ``description_faithfulness``; see README.md for the policy.
"""

from __future__ import annotations

import json
import re
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "dev_faithfulness.jsonl"

TOOLS = {"product_search", "web_search", "python_execute"}
CATEGORIES = {"search_fuzzy", "search_multi_constraint", "search_bundle", "search_general", "qa_compare",
              "qa_consultation"}
CHECKS = ("ui_format", "ui_trigger", "ui_relevance", "ui_completeness", "text_relevance", "description_faithfulness")
DIMENSIONS = {"product_correctness": ("ui_format", "ui_trigger", "ui_relevance", "ui_completeness"),
              "text_relevance": ("text_relevance",),
              "description_faithfulness": ("description_faithfulness",)}
L2_METRICS = ("core_decision_axis", "logical_consistency", "actionable_next_step", "path_differentiation",
              "route_prioritization", "product_level_comparison", "risk_mitigation")
PID = re.compile(r"^PD_\d{8}$")
CARD = re.compile(r"<product>(.*?)</product>", re.S)
ITEM_ID = re.compile(r"^df-\d{2}$")


# ---------------------------------------------------------------- small constructors (no content of their own)

def t(s: str) -> str:
    """Literal text: dedented, outer blank lines removed."""
    return textwrap.dedent(s).strip("\n")


def rec(pid: str, name: str, price: float, category: str, attributes: dict, currency: str = "USD") -> dict:
    return {"id": pid, "name": name, "price": price, "currency": currency, "category": category,
            "attributes": attributes}


def think(text: str) -> dict:
    return {"kind": "reasoning", "text": t(text)}


def call(cid: str, name: str, arguments: dict) -> dict:
    return {"kind": "tool_call", "name": name, "arguments": arguments, "call_id": cid}


def found(cid: str, records: list[dict]) -> dict:
    """A product_search observation: the records as JSON text and as `products`."""
    return {"kind": "observation", "call_id": cid,
            "content": json.dumps({"products": records}, ensure_ascii=False), "products": records}


def said(cid: str, text: str) -> dict:
    """A web_search / python_execute observation: plain text."""
    return {"kind": "observation", "call_id": cid, "content": t(text)}


def l2(core: bool, logic: bool, action: bool, paths: bool, route: bool, product: bool, risk: bool) -> dict:
    return dict(zip(L2_METRICS, (core, logic, action, paths, route, product, risk), strict=True))


ITEMS: list[dict] = []
ALIASES: dict[str, dict[str, str]] = {}  # item id -> {product id: short name}; checks only, not written


def item(id: str, category: str, query: str, trajectory: list[dict], response: str, *, faithful: bool,
         l2_labels: dict | None, tool_use: dict | None, flaw: str, note: str, aliases: dict[str, str]) -> None:
    checks = {c: True for c in CHECKS}
    checks["description_faithfulness"] = faithful
    l1 = {d: all(checks[c] for c in cs) for d, cs in DIMENSIONS.items()}
    ITEMS.append({
        "id": id, "query": query, "category": category, "trajectory": trajectory, "response": t(response),
        "rubric": "smartshop",
        "labels": {"l1_pass": all(l1.values()), "l1": l1, "checks": checks, "l2": l2_labels, "tool_use": tool_use},
        "flaw": flaw, "injection": None, "note": t(note),
    })
    ALIASES[id] = aliases


# ==================================================================================== KITCHEN

# df-01 ---------------------------------------------------------------- capability inferred from a feature list
_hearth = rec("PD_01384726", "HearthPot 6-Qt 7-in-1 Multi-Cooker", 89.99, "Kitchen Appliances", {
    "brand": "HearthPot", "capacity": "6 qt",
    "functions": ["pressure cook", "slow cook", "saute", "steam", "rice", "warm", "sterilize"],
    "wattage": "1000 W", "rating": 4.6})
_kmate = rec("PD_01384731", "KitchenMate 8-Qt Electric Pressure Cooker", 109.00, "Kitchen Appliances", {
    "brand": "KitchenMate", "capacity": "8 qt", "functions": ["pressure cook", "slow cook", "saute", "rice", "warm"],
    "wattage": "1200 W", "rating": 4.4})
_quick = rec("PD_01384755", "QuickChef 3-Qt Mini Pressure Cooker", 59.99, "Kitchen Appliances", {
    "brand": "QuickChef", "capacity": "3 qt", "functions": ["pressure cook", "rice", "warm"], "wattage": "700 W",
    "rating": 4.2})
item("df-01", "search_multi_constraint",
     "I need a multi-cooker under $120 that can pressure cook and is big enough for a family of four.",
     [think("""
         Constraints: under $120, pressure cooking, capacity for four people (about 6 qt). Search multi-cookers
         with a price cap."""),
      call("c1", "product_search", {"query": "multi-cooker pressure cooker 6 quart", "max_price": 120}),
      found("c1", [_hearth, _kmate, _quick]),
      think("""
         The 3-qt QuickChef is too small for four. HearthPot (6 qt, $89.99) fits best; KitchenMate (8 qt, $109)
         is the larger alternative.""")],
     """
     For a family of four that wants pressure cooking under $120, my top pick is the HearthPot 6-Qt 7-in-1 Multi-Cooker at $89.99.

     <product>PD_01384726</product>

     - **Capacity:** 6 quarts, the usual size for cooking for four.
     - **Functions:** pressure cook, slow cook, sauté, steam, rice, warm and sterilize, so one pot covers weeknight stews, rice and steamed vegetables. It also has a yogurt setting, so you can make your own yogurt overnight.
     - **Power and rating:** 1000 W, rated 4.6 stars.

     If you often batch-cook or have guests, the KitchenMate 8-Qt Electric Pressure Cooker ($109.00) gives you two extra quarts and 1200 W, but it drops the steam and sterilize programs.

     <product>PD_01384731</product>

     Next step: if you mostly cook for four, go with the HearthPot and keep the roughly $19 difference; choose the KitchenMate only if you regularly cook for six or more or meal-prep large batches.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="inferred_capability",
     note="""
     FAIL. The HearthPot record lists exactly seven functions (pressure cook, slow cook, saute, steam, rice, warm,
     sterilize); the response adds "a yogurt setting". Many 7-in-1 cookers do have one, which is the inference this
     item tests: the seven programs are enumerated and yogurt is not among them, so the claim is a hallucinated
     feature, not a paraphrase. Everything else matches the records (6 qt, 1000 W, 4.6 stars; KitchenMate 8 qt,
     1200 W, lacks steam and sterilize; 109.00 - 89.99 = 19.01, "roughly $19"). The QuickChef is not mentioned.""",
     aliases={"PD_01384726": "HearthPot", "PD_01384731": "KitchenMate", "PD_01384755": "QuickChef"})

# df-02 ---------------------------------------------------------------- capability listed; entailed use; negative claim
_brava = rec("PD_02719304", "Brava 6-Qt 9-in-1 Multi-Cooker", 99.95, "Kitchen Appliances", {
    "brand": "Brava", "capacity": "6 qt",
    "functions": ["pressure cook", "slow cook", "yogurt", "saute", "steam", "rice", "sous vide", "cake", "warm"],
    "dishwasher_safe_parts": ["inner pot", "lid"], "rating": 4.7})
_crock = rec("PD_02719377", "CrockLine 7-Qt Multi-Cooker with Yogurt", 64.99, "Kitchen Appliances", {
    "brand": "CrockLine", "capacity": "7 qt", "functions": ["slow cook", "yogurt", "saute", "rice", "warm"],
    "rating": 4.3})
item("df-02", "search_general",
     "Looking for a good multi-cooker that can slow cook and also make yogurt.",
     [think("The user needs slow cooking plus a yogurt program. Search multi-cookers with a yogurt function."),
      call("c1", "product_search", {"query": "multi-cooker slow cook yogurt function"}),
      found("c1", [_brava, _crock]),
      think("Both list slow cook and yogurt. Brava adds pressure cooking; CrockLine is cheaper and bigger.")],
     """
     Since you want slow cooking and homemade yogurt in one appliance, here are two multi-cookers whose spec sheets list a yogurt program.

     **Best all-rounder: Brava 6-Qt 9-in-1 Multi-Cooker ($99.95)**
     <product>PD_02719304</product>
     Its nine programs are pressure cook, slow cook, yogurt, sauté, steam, rice, sous vide, cake and warm. Because it slow-cooks, you can start a chili in the morning and come home to dinner, and the pressure mode handles quick weeknight meals. The inner pot and lid are dishwasher-safe.

     **Budget and bigger batches: CrockLine 7-Qt Multi-Cooker with Yogurt ($64.99)**
     <product>PD_02719377</product>
     A quart larger and about $35 cheaper, with slow cook, yogurt, sauté, rice and warm — but no pressure cooking, so every meal is a slow one.

     How to choose: if you'd ever use pressure cooking, the Brava is worth the extra $35; if you only slow-cook and make yogurt, the CrockLine saves money and gives you more room. Tip for either: heat the milk to about 180 °F, cool it to about 110 °F, stir in a spoonful of live-culture yogurt and run the yogurt program for 8–10 hours.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, True, True), tool_use={"passed": True, "score": 1.0},
     flaw="none",
     note="""
     PASS. Mirror of df-01: here "yogurt" is in both function lists. "Start a chili in the morning and come home to
     dinner" is a use entailed by the listed slow-cook function, not a new feature. "No pressure cooking" for the
     CrockLine is a negative claim read off its enumerated function list; I count a claim that an enumerated list
     lacks an item as faithful. Numbers: 7 qt vs 6 qt ("a quart larger"), 99.95 - 64.99 = 34.96 ("about $35").
     The milk temperatures are general yogurt-making advice, not a product claim.""",
     aliases={"PD_02719304": "Brava", "PD_02719377": "CrockLine"})

# df-03 ---------------------------------------------------------------- comparative with one side's field missing (zh)
_bx700 = rec("PD_03551208", "飞乐 BX-700 破壁料理机", 899, "厨房电器", {
    "brand": "飞乐", "power": "1800W", "capacity": "1.75L", "speeds": "9档",
    "programs": ["豆浆", "果汁", "冰沙", "碎冰"]}, currency="CNY")
_pb500 = rec("PD_03551290", "酷派 PB-500 静音破壁机", 699, "厨房电器", {
    "brand": "酷派", "power": "1200W", "capacity": "1.5L", "noise": "58 dB", "soundproof_cover": "是（隔音罩）",
    "programs": ["豆浆", "米糊", "果汁"]}, currency="CNY")
item("df-03", "qa_compare",
     "飞乐 BX-700 和酷派 PB-500 哪个更适合早上打豆浆？我家人睡得浅，怕吵。",
     [think("用户要比较两款破壁机，重点是早上打豆浆和噪音。先查两款的参数。"),
      call("c1", "product_search", {"query": "飞乐 BX-700 酷派 PB-500 破壁机"}),
      found("c1", [_bx700, _pb500]),
      think("PB-500 有隔音罩，标注 58 dB；BX-700 没有噪音数据。两款都有豆浆程序。")],
     """
     两款都能打豆浆，按你“怕吵”的需求，我更推荐酷派 PB-500：

     <product>PD_03551290</product>
     - 带隔音罩，标注运行噪音 58 分贝，比飞乐 BX-700 安静得多，早上六点用也不容易吵醒家人。
     - 容量 1.5L，够一家三四口的早餐；价格 ¥699，比 BX-700 便宜 ¥200。

     <product>PD_03551208</product>
     飞乐 BX-700 功率 1800W，高于 PB-500 的 1200W，9 档调速，还有碎冰、冰沙程序，适合经常做冰沙的人；容量 1.75L 也更大。

     建议：如果主要是早上打豆浆，选 PB-500；如果更看重冰沙和大容量，再考虑 BX-700。
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="unsupported_comparative",
     note="""
     FAIL. "比飞乐 BX-700 安静得多" (much quieter than the BX-700) compares against a product whose record has no
     noise figure at all. The PB-500's 58 dB, its soundproof cover and the word 静音 in its title support "quiet" in
     absolute terms, and a reader may find the conclusion plausible, but the comparative (and "much") has no
     support on the BX-700 side; the response should have said the BX-700 publishes no noise figure. Other claims
     check out: 1800W vs 1200W, 9 speeds, ice/smoothie programs, 1.75L vs 1.5L, 899 - 699 = 200.""",
     aliases={"PD_03551208": "BX-700", "PD_03551290": "PB-500"})

# df-04 ---------------------------------------------------------------- comparative grounded in a web_search observation
_vortex = rec("PD_04620117", "Vortex Pro 900 Blender", 89.99, "Kitchen Appliances", {
    "brand": "Vortex", "wattage": "900 W", "ice_crushing": "yes (Ice Crush program)", "pitcher": "64 oz, BPA-free",
    "speeds": 5})
_frost = rec("PD_04620185", "Frostline 1000 Blender", 99.00, "Kitchen Appliances", {
    "brand": "Frostline", "wattage": "1000 W", "ice_crushing": "yes", "pitcher": "72 oz", "speeds": 6})
_zip = rec("PD_04620203", "ZipBlend Personal Blender", 39.99, "Kitchen Appliances", {
    "brand": "ZipBlend", "wattage": "300 W", "ice_crushing": "not recommended", "cup": "20 oz"})
item("df-04", "search_multi_constraint",
     "Find me a quiet blender under $100 that can crush ice.",
     [think("""
         Three constraints: price under $100, ice crushing, low noise. First retrieve candidate blenders."""),
      call("c1", "product_search", {"query": "blender ice crushing", "max_price": 100}),
      found("c1", [_vortex, _frost, _zip]),
      think("""
         ZipBlend is not for ice. Vortex Pro 900 and Frostline 1000 meet price and ice; noise is missing from both
         records, so look it up."""),
      call("c2", "web_search", {"query": "Vortex Pro 900 blender noise level dB; Frostline 1000 blender noise dB"}),
      said("c2", """
         1. KitchenLab blender noise test (2024): Vortex Pro 900 - about 72 dB while crushing ice; Frostline 1000 -
            about 80 dB at max speed with ice.
         2. Forum thread: owners of the Frostline 1000 call it "loud but powerful"."""),
      think("Vortex is about 8 dB quieter in the same test and cheaper. Recommend it, Frostline as the power option.")],
     """
     Your three must-haves are ice crushing, low noise and a price under $100. Noise isn't on the spec sheets, so I checked an independent test.

     **Quietest pick: Vortex Pro 900 ($89.99)**
     <product>PD_04620117</product>
     900 W with a dedicated Ice Crush program and a 64 oz BPA-free pitcher. In KitchenLab's noise test it measured about 72 dB while crushing ice — roughly 8 dB less than the Frostline.

     **More power, more noise: Frostline 1000 ($99.00)**
     <product>PD_04620185</product>
     1000 W and a larger 72 oz pitcher, also rated for ice, but it measured about 80 dB at max speed with ice, and owners describe it as loud but powerful.

     Since quiet is one of your requirements, I'd buy the Vortex Pro 900 and save $9.01. Keep in mind the noise numbers come from a third-party test, not the manufacturers, and any blender is loudest in the first seconds of crushing — short pulses keep that brief.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, True, True), tool_use={"passed": True, "score": 1.0},
     flaw="none",
     note="""
     PASS. The comparative "quieter / roughly 8 dB less" is not in either record but comes from a web_search
     observation in the trajectory (72 dB vs 80 dB, same test), is attributed to that test, and keeps its "about".
     I count claims faithfully carried over from a trajectory observation about that same product as grounded
     (the paper's own example trajectory fetches blender noise by web_search). 99.00 - 89.99 = 9.01. The
     ZipBlend is not mentioned.""",
     aliases={"PD_04620117": "Vortex", "PD_04620185": "Frostline", "PD_04620203": "ZipBlend"})

# ==================================================================================== AUDIO

# df-05 ---------------------------------------------------------------- reversed comparative
_q30 = rec("PD_05118842", "Aurel Q30 Wireless Noise-Cancelling Headphones", 149.99, "Headphones", {
    "brand": "Aurel", "anc": "yes", "battery_hours_anc_on": 30, "weight": "254 g", "multipoint": "yes",
    "bluetooth": "5.3", "charging": "USB-C"})
_h40 = rec("PD_05118890", "Sonique H40 Over-Ear ANC Headphones", 179.00, "Headphones", {
    "brand": "Sonique", "anc": "yes", "battery_hours_anc_on": 40, "weight": "290 g", "multipoint": "no",
    "bluetooth": "5.2", "charging": "USB-C"})
item("df-05", "qa_compare",
     "Compare the Aurel Q30 and the Sonique H40 headphones for a long daily train commute.",
     [think("Compare two named headphones for commuting: ANC, battery, weight, connectivity, price."),
      call("c1", "product_search", {"query": "Aurel Q30 headphones"}),
      found("c1", [_q30]),
      call("c2", "product_search", {"query": "Sonique H40 headphones"}),
      found("c2", [_h40]),
      think("Both ANC. Q30 lighter, multipoint, cheaper; H40 has 40 h battery vs 30 h.")],
     """
     Both have active noise cancelling, which is what matters most on a train. Here is how they differ:

     | | Aurel Q30 | Sonique H40 |
     |---|---|---|
     | Price | $149.99 | $179.00 |
     | Weight | 254 g | 290 g |
     | Multipoint | yes | no |

     <product>PD_05118842</product>
     <product>PD_05118890</product>

     For a commute I'd take the Aurel Q30: it is 36 g lighter, about $29 cheaper, connects to your phone and laptop at the same time, and it also lasts longer between charges than the H40, so you'll charge it less often.

     The Sonique H40 makes sense only if you specifically prefer its sound; otherwise it costs more for no commuting advantage.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="reversed_comparative",
     note="""
     FAIL. "Lasts longer between charges than the H40" reverses the records: Q30 30 h vs H40 40 h with ANC on. The
     follow-on "no commuting advantage" for the H40 is misleading for the same reason. The table, 290 - 254 = 36 g,
     179.00 - 149.99 = 29.01 and multipoint yes/no are correct; the one reversed comparative decides the item.""",
     aliases={"PD_05118842": "Aurel Q30", "PD_05118890": "Sonique H40"})

# df-06 ---------------------------------------------------------------- overstated water rating (de)
_pulse = rec("PD_06234401", "Pulse Sport Buds", 59.99, "Kopfhörer", {
    "brand": "Pulse", "ip_rating": "IPX4 (schweiß- und spritzwassergeschützt)",
    "battery": "8 h (+24 h mit Ladecase)", "fit": "Ohrbügel", "bluetooth": "5.3"}, currency="EUR")
_kinetic = rec("PD_06234478", "Kinetic Fit Earbuds", 74.90, "Kopfhörer", {
    "brand": "Kinetic", "ip_rating": "IPX5", "battery": "6 h (+18 h mit Ladecase)", "fit": "Flügelaufsätze",
    "bluetooth": "5.2"}, currency="EUR")
item("df-06", "search_multi_constraint",
     "Ich suche kabellose In-Ear-Kopfhörer fürs Fitnessstudio unter 80 €, die Schweiß gut aushalten.",
     [think("Kriterien: kabellos, In-Ear, unter 80 €, schweißfest (IP-Schutz), guter Halt beim Sport."),
      call("c1", "product_search", {"query": "kabellose In-Ear Sportkopfhörer schweißfest", "max_price": 80}),
      found("c1", [_pulse, _kinetic]),
      think("Pulse: IPX4, Ohrbügel, 8 h. Kinetic: IPX5, 6 h. Pulse als Hauptempfehlung.")],
     """
     Für das Training unter 80 € empfehle ich dir die Pulse Sport Buds für 59,99 €:

     <product>PD_06234401</product>
     - Ohrbügel sorgen für sicheren Halt bei Burpees und auf dem Laufband.
     - 8 Stunden Akku, mit dem Ladecase insgesamt 32 Stunden.
     - Schutzklasse IPX4: Damit sind sie komplett wasserdicht – du kannst sie sogar beim Schwimmen tragen.

     Alternative: Die Kinetic Fit Earbuds (74,90 €) haben IPX5 und Flügelaufsätze statt Bügeln, halten aber mit 6 Stunden (plus 18 Stunden im Case) etwas kürzer durch.

     <product>PD_06234478</product>

     Tipp: Wisch die Ohrstöpsel nach dem Training kurz ab und lass sie trocknen, bevor sie ins Case kommen.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="overstated_rating",
     note="""
     FAIL. The record says IPX4, "schweiß- und spritzwassergeschützt" (sweat and splash protected). The response
     turns that into "komplett wasserdicht" and "even for swimming", which the rating does not mean (IPX4 is
     splashing water; immersion starts at IPX7). It is an interpretation of a real field, but a wrong and
     potentially costly one, so it is a misleading characterization. 8 h + 24 h = 32 h and the Kinetic facts
     are correct.""",
     aliases={"PD_06234401": "Pulse Sport", "PD_06234478": "Kinetic Fit"})

# df-07 ---------------------------------------------------------------- general knowledge about a rating; "great value"
_tidal = rec("PD_07390215", "Tidal Boom Mini Bluetooth Speaker", 49.99, "Speakers", {
    "brand": "Tidal", "ip_rating": "IPX7", "battery_hours": 24, "weight": "540 g", "bluetooth": "5.3"})
_cube = rec("PD_07390266", "BassCube Go Portable Speaker", 79.99, "Speakers", {
    "brand": "BassCube", "ip_rating": "IP67", "battery_hours": 12, "weight": "720 g",
    "stereo_pairing": "yes (pair two units)", "bluetooth": "5.3"})
item("df-07", "search_general",
     "Recommend a portable bluetooth speaker for pool parties.",
     [think("Pool parties: water resistance first, then battery and portability."),
      call("c1", "product_search", {"query": "waterproof portable bluetooth speaker"}),
      found("c1", [_tidal, _cube]),
      think("Tidal IPX7 24 h at $49.99; BassCube IP67 12 h, stereo pairing, $79.99.")],
     """
     For a pool party you want water protection first, then battery life.

     **Great value: Tidal Boom Mini ($49.99)**
     <product>PD_07390215</product>
     Rated IPX7 — under the IEC 60529 standard that means it is tested to survive immersion up to 1 m for 30 minutes, so splashes or a fall into the pool aren't a problem (just fish it out; it isn't meant to stay underwater). Its 24-hour battery covers the whole party and then some, and at 540 g it's easy to move around.

     **For a bigger sound setup: BassCube Go ($79.99)**
     <product>PD_07390266</product>
     IP67, so it is also dust-tight — handy if the party moves to the beach — and you can pair two units for stereo. The trade-off is 12 hours of battery, half the Tidal's, and it's heavier at 720 g.

     Unless you need stereo pairing, the Tidal Boom Mini is the better buy for poolside use. Rinse either speaker with fresh water after chlorinated or salt water and let it dry before charging.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, True, True), tool_use={"passed": True, "score": 1.0},
     flaw="none",
     note="""
     PASS. The explanation of IPX7 (1 m for 30 min) and of the "6" in IP67 (dust-tight) is correct general
     knowledge about the IEC 60529 codes the records give, and it is hedged in the right direction ("not meant
     to stay underwater"). "Great value" is an evaluative label on the cheaper speaker with the longer battery,
     not a factual attribute. 12 h is half of 24 h; 540 g and 720 g match. The rinse tip is general advice.""",
     aliases={"PD_07390215": "Tidal", "PD_07390266": "BassCube"})

# df-08 ---------------------------------------------------------------- consultation: inference + general advice
_q35 = rec("PD_08557102", "Aurel Q35 Wireless Noise-Cancelling Headphones", 169.99, "Headphones", {
    "brand": "Aurel", "anc": "hybrid active noise cancelling", "battery_hours_anc_on": 30,
    "quick_charge": "10 min = 5 h playback", "weight": "250 g", "foldable": "yes",
    "in_box": ["hard carry case", "3.5 mm audio cable", "USB-C cable"], "multipoint": "yes"})
item("df-08", "qa_consultation",
     "Is the Aurel Q35 good for frequent flying?",
     [think("Check the Q35's ANC, battery, portability and wired option for in-flight entertainment."),
      call("c1", "product_search", {"query": "Aurel Q35"}),
      found("c1", [_q35])],
     """
     Yes — the Aurel Q35 covers the things that matter most on planes.

     <product>PD_08557102</product>

     - **Engine noise:** it has hybrid active noise cancelling, and ANC works best on exactly the low, constant drone of a cabin.
     - **Battery:** 30 hours with ANC on — enough for a long-haul round trip of 12–14 hours each way without recharging, and a 10-minute charge gives 5 hours of playback if you forget.
     - **Packing:** it folds and comes with a hard carry case; it weighs 250 g.
     - **Seat-back entertainment:** the included 3.5 mm cable plugs into seat-back screens. Some older planes use a two-prong socket, which needs an inexpensive airline adapter — that isn't in the box.

     One limit: ANC does much less against sudden sounds such as announcements or a crying baby than against engine hum. Verdict: if you fly often, it's a solid buy; pick up a two-prong adapter if your airline still uses those sockets.
     """,
     faithful=True, l2_labels=l2(True, True, True, False, False, False, True),
     tool_use={"passed": True, "score": 1.0}, flaw="none",
     note="""
     PASS. Every product fact is in the record (hybrid ANC, 30 h with ANC, 10 min = 5 h, folds, hard case, 250 g,
     3.5 mm cable). "Enough for a 12-14 h each-way round trip" is arithmetic on the 30 h figure. Statements about
     how ANC behaves and about two-prong airline sockets are general knowledge, not claims about this product,
     and the response correctly says the adapter is not included (the in-box list has none). Single product, so
     no comparison metrics in L2.""",
     aliases={"PD_08557102": "Aurel Q35"})

# ==================================================================================== ELECTRONICS

# df-09 ---------------------------------------------------------------- supported comparative across units
_nimbus = rec("PD_09702234", "Nimbus Air 13 Laptop", 899.00, "Laptops", {
    "brand": "Nimbus", "weight": "1.2 kg", "battery": "up to 15 h", "display": "13.3-inch", "ram": "16 GB",
    "storage": "512 GB SSD"})
_stratos = rec("PD_09702291", "Stratos 14 Laptop", 849.00, "Laptops", {
    "brand": "Stratos", "weight": "1350 g", "battery": "up to 12 h", "display": "14-inch", "ram": "16 GB",
    "storage": "512 GB SSD"})
item("df-09", "qa_compare",
     "Which is lighter for carrying between classes, the Nimbus Air 13 or the Stratos 14?",
     [think("Look up both laptops' weights; note different units in the records."),
      call("c1", "product_search", {"query": "Nimbus Air 13 laptop"}),
      found("c1", [_nimbus]),
      call("c2", "product_search", {"query": "Stratos 14 laptop"}),
      found("c2", [_stratos]),
      think("1.2 kg = 1200 g vs 1350 g: Nimbus lighter by 150 g.")],
     """
     The Nimbus Air 13 is the lighter one.

     <product>PD_09702234</product>
     <product>PD_09702291</product>

     - Nimbus Air 13: 1.2 kg (about 2.6 lb)
     - Stratos 14: 1,350 g (about 3.0 lb)

     So the Nimbus saves you 150 g — about a third of a pound. It also has the longer rated battery (up to 15 h vs up to 12 h), so you're less likely to need the charger between classes.

     The Stratos 14 is $50 cheaper ($849 vs $899) and gives you a larger 14-inch screen instead of 13.3 inches. If you carry your laptop all day, go with the Nimbus; if it mostly stays on a desk and you want the bigger screen, the Stratos saves money. Note that both battery figures are the makers' "up to" numbers; real-world runtime is usually lower.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, True, True), tool_use={"passed": True, "score": 1.0},
     flaw="none",
     note="""
     PASS. The records give weight in different units (1.2 kg vs 1350 g); the comparison and every conversion are
     right: 1.2 kg = 2.65 lb ("about 2.6"), 1.35 kg = 2.98 lb ("about 3.0"), 150 g = 0.33 lb ("a third of a
     pound"). "Longer rated battery" is supported by 15 h vs 12 h and keeps the "up to" qualifier. 899 - 849 = 50.""",
     aliases={"PD_09702234": "Nimbus", "PD_09702291": "Stratos"})

# df-10 ---------------------------------------------------------------- wrong unit conversion (es)
_viewpro = rec("PD_10483310", "ViewPro 27U Monitor 4K IPS", 329.00, "Monitores", {
    "brand": "ViewPro", "size": "27 pulgadas", "resolution": "3840 x 2160", "panel": "IPS",
    "color_gamut": "99% sRGB", "ports": ["2x HDMI 2.0", "DisplayPort 1.4", "USB-C 65 W"]}, currency="EUR")
_clearview = rec("PD_10483377", "ClearView 27 4K Monitor", 299.00, "Monitores", {
    "brand": "ClearView", "size": "27 pulgadas", "resolution": "3840 x 2160", "panel": "VA",
    "color_gamut": "90% sRGB", "ports": ["HDMI 2.0", "DisplayPort 1.2"]}, currency="EUR")
item("df-10", "search_multi_constraint",
     "Busco un monitor 4K de 27 pulgadas por menos de 350 € para editar fotos.",
     [think("Requisitos: 27 pulgadas, 4K, menos de 350 €, buena cobertura de color para edición."),
      call("c1", "product_search", {"query": "monitor 27 pulgadas 4K", "max_price": 350}),
      found("c1", [_viewpro, _clearview]),
      think("ViewPro IPS 99% sRGB a 329 €; ClearView VA 90% sRGB a 299 €.")],
     """
     Para edición de fotos lo más importante es la precisión del color, así que te recomiendo el ViewPro 27U (329 €):

     <product>PD_10483310</product>
     - Pantalla de 27 pulgadas (unos 80 cm de diagonal) con resolución 4K (3840 x 2160).
     - Panel IPS con 99 % sRGB, útil para que los colores de tus fotos para web se vean fieles.
     - USB-C de 65 W: con un solo cable conectas y cargas el portátil.

     Si quieres ahorrar 30 €, el ClearView 27 4K (299 €) tiene la misma resolución, pero su panel VA cubre el 90 % sRGB, menos adecuado para editar color.

     <product>PD_10483377</product>

     Consejo: calibra el monitor con un colorímetro al recibirlo para sacarle todo el partido.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="wrong_unit_conversion",
     note="""
     FAIL. 27 inches is 68.6 cm, not "unos 80 cm" (about 80 cm); the size is a headline attribute, and the
     conversion overstates it by about 17 %. The other claims match (IPS, 99 % sRGB, 3840 x 2160, USB-C 65 W;
     ClearView VA 90 % sRGB; 329 - 299 = 30). Calibration is general advice.""",
     aliases={"PD_10483310": "ViewPro", "PD_10483377": "ClearView"})

# df-11 ---------------------------------------------------------------- compatibility absent from the record
_voltmini = rec("PD_11068823", "VoltMini 20W USB-C PD Charger", 19.99, "Chargers", {
    "brand": "VoltMini", "output": "20 W", "usb_pd": "yes", "ports": "1x USB-C",
    "compatible_devices": ["iPhone 15 series", "iPhone 14 series (with USB-C to Lightning cable)",
                           "Google Pixel 8"]})
_braid = rec("PD_11068851", "BraidLink USB-C to USB-C Cable (2 m)", 12.99, "Cables", {
    "brand": "BraidLink", "length": "2 m", "max_power": "60 W", "jacket": "braided nylon"})
_voltmax = rec("PD_11068899", "VoltMax 65W 3-Port GaN Charger", 45.99, "Chargers", {
    "brand": "VoltMax", "output": "65 W total", "ports": "2x USB-C, 1x USB-A", "usb_pd": "yes"})
item("df-11", "search_bundle",
     "Just got an iPhone 15 Pro with no charger in the box. What charger and cable should I buy?",
     [think("iPhone 15 Pro uses USB-C. Need a USB-C PD charger and a USB-C to USB-C cable."),
      call("c1", "product_search", {"query": "USB-C PD charger iPhone 15"}),
      found("c1", [_voltmini, _voltmax]),
      call("c2", "product_search", {"query": "USB-C to USB-C cable 2m"}),
      found("c2", [_braid]),
      think("VoltMini 20W lists iPhone 15 series. Pair with the BraidLink cable.")],
     """
     The iPhone 15 Pro charges over USB-C, so you need a USB-C Power Delivery charger and a USB-C to USB-C cable.

     1. **VoltMini 20W USB-C PD Charger — $19.99**
     <product>PD_11068823</product>
     20 W Power Delivery and listed as compatible with the iPhone 15 series, which is enough to fast-charge your phone. It will also fast-charge your Apple Watch and AirPods, so one brick covers all your Apple gear.

     2. **BraidLink USB-C to USB-C Cable (2 m) — $12.99**
     <product>PD_11068851</product>
     Braided nylon and 2 m long, so it reaches from the wall to the bed; it's rated up to 60 W, more than the charger delivers.

     Total: $32.98. If you later want to charge a laptop from the same brick you'd need a higher-wattage charger, but for the phone this pair is all you need.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="unsupported_compatibility",
     note="""
     FAIL. The charger's compatible_devices list is iPhone 15 series, iPhone 14 series (with a Lightning cable) and
     Pixel 8. "It will also fast-charge your Apple Watch and AirPods" is a compatibility claim the record does not
     make (and an Apple Watch needs its own charging puck). The rest is right: 20 W PD, iPhone 15 listed, 2 m,
     60 W, braided nylon, 19.99 + 12.99 = 32.98. "20 W is enough to fast-charge" an iPhone 15 is general knowledge
     that agrees with the record's iPhone 15 listing. The VoltMax is not mentioned.""",
     aliases={"PD_11068823": "VoltMini", "PD_11068851": "BraidLink", "PD_11068899": "VoltMax"})

# df-12 ---------------------------------------------------------------- arithmetic done by python_execute, reported right
_cc20 = rec("PD_12904417", "ChargeCore 20K Power Bank", 29.99, "Power Banks", {
    "brand": "ChargeCore", "capacity": "20000 mAh", "max_output": "22.5 W", "ports": ["USB-C", "USB-A"]})
_cc26 = rec("PD_12904456", "ChargeCore 26K PD Power Bank", 44.99, "Power Banks", {
    "brand": "ChargeCore", "capacity": "26800 mAh", "max_output": "45 W (USB-C PD)", "ports": ["USB-C", "USB-A"]})
_ampra = rec("PD_12904489", "Ampra 25000 Power Bank", 39.99, "Power Banks", {
    "brand": "Ampra", "capacity": "25000 mAh", "max_output": "20 W", "ports": ["USB-C", "2x USB-A"]})
item("df-12", "search_multi_constraint",
     "I want a power bank of at least 20,000 mAh under $50 — which one gives the most capacity per dollar?",
     [think("Find power banks >= 20,000 mAh under $50, then compute mAh per dollar."),
      call("c1", "product_search", {"query": "power bank 20000 mAh", "max_price": 50, "min_capacity_mah": 20000}),
      found("c1", [_cc20, _cc26, _ampra]),
      call("c2", "python_execute", {"code": t("""
          banks = {"ChargeCore 20K": (20000, 29.99), "Ampra 25000": (25000, 39.99), "ChargeCore 26K PD": (26800, 44.99)}
          for name, (mah, usd) in sorted(banks.items(), key=lambda kv: -kv[1][0] / kv[1][1]):
              print(f"{name}: {mah / usd:.1f} mAh per $")""")}),
      said("c2", """
          ChargeCore 20K: 666.9 mAh per $
          Ampra 25000: 625.2 mAh per $
          ChargeCore 26K PD: 595.7 mAh per $"""),
      think("20K is best value; 26K PD is the only 45 W option.")],
     """
     Ranking by capacity per dollar (all three are at least 20,000 mAh and under $50):

     1. **ChargeCore 20K — $29.99, about 667 mAh per dollar** (best value)
     <product>PD_12904417</product>
     2. **Ampra 25000 — $39.99, about 625 mAh per dollar**
     <product>PD_12904489</product>
     3. **ChargeCore 26K PD — $44.99, about 596 mAh per dollar**
     <product>PD_12904456</product>

     The ChargeCore 20K wins on pure value. Pay more for the ChargeCore 26K PD only if you want to charge a laptop: its 45 W USB-C PD output is the only one here suited to that, while the 20K tops out at 22.5 W and the Ampra at 20 W. Keep in mind rated mAh is measured at the battery cells; what actually reaches your phone is typically lower because of conversion losses.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, True, True), tool_use={"passed": True, "score": 1.0},
     flaw="none",
     note="""
     PASS. Per-dollar figures come from a python_execute observation whose inputs match the records (20000/29.99 =
     666.9, 25000/39.99 = 625.2, 26800/44.99 = 595.7) and are rounded correctly. Output wattages match. "Suited to
     charging a laptop" is an inference from 45 W USB-C PD that I accept as general knowledge, not a new feature;
     the conversion-loss caveat is general knowledge.""",
     aliases={"PD_12904417": "ChargeCore 20K", "PD_12904456": "ChargeCore 26K", "PD_12904489": "Ampra"})

# df-13 ---------------------------------------------------------------- wrong price difference (zh)
_lanan = rec("PD_13275510", "蓝岸 Pad 11 平板电脑", 1849, "平板电脑", {
    "brand": "蓝岸", "storage": "8GB+128GB", "screen": "11 英寸 2.5K", "battery": "8600 mAh",
    "stylus": "支持（需另购）"}, currency="CNY")
_yuntu = rec("PD_13275562", "云图 Tab S11 平板电脑", 1999, "平板电脑", {
    "brand": "云图", "storage": "8GB+256GB", "screen": "11.5 英寸 2.8K", "battery": "8000 mAh",
    "stylus": "支持（需另购）"}, currency="CNY")
item("df-13", "qa_compare",
     "蓝岸 Pad 11 和云图 Tab S11 差多少钱？主要用来上网课和记笔记，哪个更值？",
     [think("分别查两款平板的价格和参数，再比较。"),
      call("c1", "product_search", {"query": "蓝岸 Pad 11"}),
      found("c1", [_lanan]),
      call("c2", "product_search", {"query": "云图 Tab S11"}),
      found("c2", [_yuntu]),
      think("价格 1849 vs 1999；存储 128 vs 256；屏幕 11 vs 11.5；电池 8600 vs 8000。")],
     """
     两款都支持手写笔（需另购），都适合上网课和记笔记，差别主要在存储、屏幕和续航：

     <product>PD_13275510</product>
     <product>PD_13275562</product>

     - 价格：云图 Tab S11 ¥1999，只比蓝岸 Pad 11（¥1849）贵 250 元。
     - 存储：云图 256GB，蓝岸 128GB，网课视频缓存多的话云图更从容。
     - 屏幕：云图 11.5 英寸 2.8K，蓝岸 11 英寸 2.5K。
     - 电池：蓝岸 8600 mAh，比云图的 8000 mAh 大。

     建议：多花这点钱换双倍存储和更大的屏幕，云图 Tab S11 更值；如果预算卡得紧、主要在线看课不下载，蓝岸 Pad 11 也够用。
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="wrong_arithmetic",
     note="""
     FAIL. The user asked for the price difference and the response gets it wrong: 1999 - 1849 = 150, not 250.
     Both prices are quoted correctly, so the error is in the arithmetic, but a derived figure stated about the
     products is still a product description, and here it is the one the user asked for. Storage (double),
     screens, batteries and stylus support are correct.""",
     aliases={"PD_13275510": "蓝岸", "PD_13275562": "云图"})

# ==================================================================================== APPAREL

# df-14 ---------------------------------------------------------------- colour absent from the record
_drift = rec("PD_14812203", "Driftway Packable Rain Shell (Men's)", 84.00, "Men's Outerwear", {
    "brand": "Driftway", "waterproof_rating": "10,000 mm", "seams": "fully taped",
    "packable": "stows into its chest pocket", "colors": ["navy", "olive", "slate grey"], "sizes": "S-XXL"})
_storm = rec("PD_14812247", "Stormline Light Rain Jacket (Men's)", 69.99, "Men's Outerwear", {
    "brand": "Stormline", "waterproof_rating": "5,000 mm", "seams": "critically taped",
    "packable": "stuff sack included", "colors": ["black", "red"], "sizes": "S-XL"})
item("df-14", "search_multi_constraint",
     "Need a packable waterproof rain jacket for men under $100.",
     [think("Men's rain jacket, waterproof, packable, under $100."),
      call("c1", "product_search", {"query": "men's packable waterproof rain jacket", "max_price": 100}),
      found("c1", [_drift, _storm]),
      think("Driftway: 10,000 mm, fully taped, $84. Stormline: 5,000 mm, $69.99.")],
     """
     My pick is the Driftway Packable Rain Shell at $84.00:

     <product>PD_14812203</product>
     - 10,000 mm waterproof rating with fully taped seams — enough for steady rain, not just drizzle.
     - Packs into its own chest pocket, so there's no separate bag to lose.
     - Sizes S–XXL, and it comes in black, navy and olive.

     Cheaper option: the Stormline Light Rain Jacket ($69.99) has a 5,000 mm rating and only critically taped seams — fine for showers, less so for all-day rain. It packs into an included stuff sack.

     <product>PD_14812247</product>

     If you'll be out in sustained rain, spend the extra $14.01 on the Driftway.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="wrong_colour",
     note="""
     FAIL. The Driftway comes in navy, olive and slate grey; "black" is not among its colours (it is a Stormline
     colour, so this is likely bleed-over from the other record). Leaving out slate grey is an omission, which I do
     not count against faithfulness; adding black is a false attribute. Other claims match (10,000 mm, fully taped,
     chest-pocket packing, S-XXL; Stormline 5,000 mm, critically taped, stuff sack; 84.00 - 69.99 = 14.01).""",
     aliases={"PD_14812203": "Driftway", "PD_14812247": "Stormline"})

# df-15 ---------------------------------------------------------------- hedged fit judgement and oz -> g (fr)
_glide = rec("PD_15336018", "Strider Glide 5 (homme)", 129.95, "Chaussures de running", {
    "brand": "Strider", "weight": "9.2 oz (US 9 homme)", "drop": "8 mm", "cushioning": "maximal",
    "surface": "route", "upper": "mesh technique"}, currency="EUR")
_tempo = rec("PD_15336074", "Tempo Racer 2 (homme)", 149.95, "Chaussures de running", {
    "brand": "Tempo", "weight": "7.4 oz (US 9 homme)", "drop": "6 mm", "cushioning": "modéré",
    "plate": "plaque carbone", "surface": "route"}, currency="EUR")
item("df-15", "search_general",
     "Je cherche des chaussures de running confortables pour préparer mon premier semi-marathon sur route.",
     [think("Chaussures de route confortables pour l'entraînement au semi : amorti, poids, drop."),
      call("c1", "product_search", {"query": "chaussures running route amorti homme"}),
      found("c1", [_glide, _tempo]),
      think("Glide 5 : amorti maximal, 9.2 oz. Tempo Racer 2 : 7.4 oz, plaque carbone, amorti modéré.")],
     """
     Pour un premier semi, le confort sur les sorties longues compte plus que la vitesse, d'où ma recommandation :

     **Strider Glide 5 – 129,95 €**
     <product>PD_15336018</product>
     Amorti maximal, drop de 8 mm et tige en mesh technique, pensée pour la route. Elle pèse environ 260 g en US 9 homme ; avec cet amorti, elle devrait bien convenir aux sorties longues de ta préparation.

     **Tempo Racer 2 – 149,95 €**
     <product>PD_15336074</product>
     Nettement plus légère (environ 210 g) avec une plaque carbone et un drop de 6 mm, mais un amorti seulement modéré : plutôt une chaussure pour le jour J ou les séances rapides que pour l'entraînement quotidien.

     Conseil : essaie-les en fin de journée, quand le pied est un peu gonflé, et fais quelques sorties avec avant la course plutôt que de les étrenner le jour J.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, True, True), tool_use={"passed": True, "score": 1.0},
     flaw="none",
     note="""
     PASS. Conversions are right: 9.2 oz = 260.8 g ("environ 260 g"), 7.4 oz = 209.8 g ("environ 210 g"), and the
     size qualifier (US 9 homme) is kept. "Devrait bien convenir aux sorties longues" is a hedged fit judgement
     drawn from the listed maximal cushioning, and "plutôt une chaussure pour le jour J" is a hedged use
     suggestion from the carbon plate and moderate cushioning; neither asserts a feature the record lacks, so I
     count them as advice, not product claims. The fitting tip is general advice.""",
     aliases={"PD_15336018": "Glide 5", "PD_15336074": "Tempo Racer"})

# df-16 ---------------------------------------------------------------- material blend described as "wool"
_hollis = rec("PD_16627105", "Hollis Cable-Knit Wool-Blend Crewneck Sweater", 54.00, "Men's Sweaters", {
    "brand": "Hollis", "material": "80% acrylic, 20% wool", "care": "machine wash cold, lay flat to dry",
    "colors": ["cream", "charcoal"], "fit": "regular"})
_arden = rec("PD_16627139", "Arden Cotton Crewneck Sweater", 39.00, "Men's Sweaters", {
    "brand": "Arden", "material": "100% cotton", "care": "machine wash warm, tumble dry low",
    "colors": ["navy", "heather grey", "oatmeal"], "fit": "regular"})
item("df-16", "search_multi_constraint",
     "Warm crewneck sweater under $60 that I can throw in the washing machine.",
     [think("Crewneck, warm, machine washable, under $60."),
      call("c1", "product_search", {"query": "warm crewneck sweater machine washable", "max_price": 60}),
      found("c1", [_hollis, _arden]),
      think("Hollis wool-blend, machine wash cold; Arden cotton, machine wash warm and tumble dry.")],
     """
     For warmth plus easy care, I'd go with the Hollis Cable-Knit Crewneck ($54.00):

     <product>PD_16627105</product>
     It's a wool sweater, so it will keep you noticeably warmer than a cotton knit, and it's still machine washable — wash cold and lay it flat to dry. Comes in cream or charcoal.

     If you'd rather toss everything in the dryer, the Arden Cotton Crewneck ($39.00) is the easier-care pick — machine wash warm, tumble dry low — but cotton is less warm, especially when it gets damp.

     <product>PD_16627139</product>

     Go with the Hollis for cold days; pick the Arden if convenience and price matter more.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="misleading_material",
     note="""
     FAIL (borderline). The record and the title say wool-blend, 80 % acrylic / 20 % wool. Calling it "a wool
     sweater" is a paraphrase a reader could shrug at, but it drops the blend and then builds the warmth argument
     on wool ("so it will keep you noticeably warmer than cotton"), when the sweater is mostly acrylic. I decide
     fail: the shortening changes what the buyer believes about the material, which is what the paper means by a
     misleading characterization. "Wool-blend" would have passed. Care, colours and prices are correct.""",
     aliases={"PD_16627105": "Hollis", "PD_16627139": "Arden"})

# df-17 ---------------------------------------------------------------- paraphrase, °C -> °F and in -> cm (es)
_nordvik = rec("PD_17190384", "Nordvik Trek Winter Boot", 139.00, "Calzado", {
    "brand": "Nordvik", "waterproof": "sí (membrana impermeable)", "insulation": "200 g Thinsulate",
    "temp_rating": "-25 °C", "outsole": "Vibram Arctic Grip", "shaft_height": "8 in"}, currency="EUR")
item("df-17", "qa_consultation",
     "¿Las botas Nordvik Trek sirven para caminar por nieve en invierno?",
     [think("Consultar la ficha de las Nordvik Trek: impermeabilidad, aislamiento, temperatura, suela, altura."),
      call("c1", "product_search", {"query": "Nordvik Trek botas invierno"}),
      found("c1", [_nordvik])],
     """
     Sí, las Nordvik Trek están pensadas justo para eso:

     <product>PD_17190384</product>

     - **Impermeables:** llevan membrana impermeable, así que la nieve derretida no debería calarlas.
     - **Abrigo:** aislamiento de 200 g Thinsulate y clasificación hasta -25 °C (unos -13 °F).
     - **Agarre:** suela Vibram Arctic Grip.
     - **Altura:** caña de 8 pulgadas (unos 20 cm), suficiente para nieve poco profunda; para nieve más honda, añade unas polainas.

     Ten en cuenta que las clasificaciones de temperatura del calzado suelen suponer que estás en movimiento; si vas a pasar mucho rato parado en el frío, usa calcetines gruesos de lana. Por 139 € son una buena opción para caminatas invernales.
     """,
     faithful=True, l2_labels=l2(True, True, True, False, False, False, True),
     tool_use={"passed": True, "score": 1.0}, flaw="none",
     note="""
     PASS. -25 °C = -13 °F exactly; 8 in = 20.3 cm ("unos 20 cm"). "La nieve derretida no debería calarlas" is a
     hedged consequence of the listed waterproof membrane. The remark that boot temperature ratings usually assume
     activity is phrased as general knowledge ("suelen"), not as a fact from this record; gaiters and wool socks
     are advice. Single product, so no comparison metrics.""",
     aliases={"PD_17190384": "Nordvik"})

# ==================================================================================== OUTDOOR

# df-18 ---------------------------------------------------------------- bundle total via python_execute, correct
_ridge = rec("PD_18845520", "Ridgeline 4-Person Dome Tent", 179.99, "Camping", {
    "brand": "Ridgeline", "capacity": "4 people", "weight": "9.0 lb", "rainfly": "2,000 mm waterproof",
    "setup": "color-coded poles"})
_glow = rec("PD_18845573", "Glowpeak 1000 LED Lantern", 24.99, "Camping", {
    "brand": "Glowpeak", "brightness": "1000 lumens", "power": "3 x D batteries (not included)"})
_duo = rec("PD_18845611", "Campfire Duo 2-Burner Propane Stove", 89.95, "Camping", {
    "brand": "Campfire", "burners": 2, "output": "10,000 BTU per burner",
    "fuel": "16 oz propane cylinder (not included)"})
item("df-18", "search_bundle",
     "Put together a basic car-camping kit for my family of four under $350: a tent, a lantern and a stove.",
     [think("Three items: 4-person tent, lantern, stove; total must stay under $350."),
      call("c1", "product_search", {"query": "4 person tent", "max_price": 250}),
      found("c1", [_ridge]),
      call("c2", "product_search", {"query": "LED camping lantern"}),
      found("c2", [_glow]),
      call("c3", "product_search", {"query": "2 burner propane camping stove"}),
      found("c3", [_duo]),
      call("c4", "python_execute", {"code": t("""
          prices = [179.99, 24.99, 89.95]
          total = round(sum(prices), 2)
          print(total, round(350 - total, 2))""")}),
      said("c4", "294.93 55.07")],
     """
     Here's a kit that covers all three and stays under your $350 budget:

     1. **Shelter — Ridgeline 4-Person Dome Tent, $179.99**
     <product>PD_18845520</product>
     Sleeps four, with a 2,000 mm waterproof rainfly and color-coded poles that make first-time setup easier. It weighs 9.0 lb, which is fine when the car is parked next to the site.

     2. **Light — Glowpeak 1000 LED Lantern, $24.99**
     <product>PD_18845573</product>
     1,000 lumens, enough to light up a picnic table. It runs on 3 D batteries, which aren't included.

     3. **Cooking — Campfire Duo 2-Burner Propane Stove, $89.95**
     <product>PD_18845611</product>
     Two 10,000 BTU burners, so you can boil water and cook at the same time. It uses 16 oz propane cylinders (not included).

     **Total: $294.93**, leaving $55.07 for the batteries and a couple of propane cylinders. One heads-up: a tent rated for four usually fits four sleeping pads with little room to spare, so keep bags in the car. Pitch the tent once in the backyard before the trip.
     """,
     faithful=True, l2_labels=l2(True, True, True, False, False, False, True),
     tool_use={"passed": True, "score": 1.0}, flaw="none",
     note="""
     PASS. Total and remainder come from a python_execute observation with the record prices (179.99 + 24.99 +
     89.95 = 294.93; 350 - 294.93 = 55.07). Every spec matches, including both "not included" notes. "A tent rated
     for four usually fits four pads with little room to spare" is hedged general camping knowledge about tent
     ratings, not a claim about this tent's floor size. One product per slot, so no comparison metrics.""",
     aliases={"PD_18845520": "Ridgeline", "PD_18845573": "Glowpeak", "PD_18845611": "Campfire Duo"})

# df-19 ---------------------------------------------------------------- wrong total inherited from a bad python input
_feather = rec("PD_19031147", "Featherlite 1P Ultralight Tent", 119.99, "Backpacking", {
    "brand": "Featherlite", "capacity": "1 person", "weight": "2 lb 14 oz", "poles": "aluminum"})
_summit = rec("PD_19031188", "Summit 35°F Synthetic Sleeping Bag", 89.99, "Backpacking", {
    "brand": "Summit", "comfort_rating": "35 °F", "weight": "2 lb 6 oz", "fill": "synthetic"})
_flame = rec("PD_19031205", "MicroFlame Canister Stove", 49.99, "Backpacking", {
    "brand": "MicroFlame", "weight": "3.1 oz", "ignition": "piezo", "fuel": "isobutane canister (not included)"})
item("df-19", "search_bundle",
     "Solo backpacking kit under $300: tent, sleeping bag and stove.",
     [think("Need a one-person tent, a three-season bag and a canister stove; total under $300."),
      call("c1", "product_search", {"query": "1 person ultralight backpacking tent"}),
      found("c1", [_feather]),
      call("c2", "product_search", {"query": "35 degree synthetic sleeping bag"}),
      found("c2", [_summit]),
      call("c3", "product_search", {"query": "backpacking canister stove"}),
      found("c3", [_flame]),
      call("c4", "python_execute", {"code": t("""
          prices = {"tent": 119.99, "bag": 89.99, "stove": 39.99}
          total = round(sum(prices.values()), 2)
          print(total, round(300 - total, 2))""")}),
      said("c4", "249.97 50.03")],
     """
     Here's a lightweight solo kit:

     1. **Featherlite 1P Ultralight Tent — $119.99**
     <product>PD_19031147</product>
     2 lb 14 oz with aluminum poles, a sensible weight for carrying on your back.

     2. **Summit 35°F Synthetic Sleeping Bag — $89.99**
     <product>PD_19031188</product>
     Comfort-rated to 35 °F at 2 lb 6 oz; synthetic fill keeps insulating if it gets damp, which makes it forgiving for a first kit.

     3. **MicroFlame Canister Stove — $49.99**
     <product>PD_19031205</product>
     Just 3.1 oz with piezo ignition; fuel canisters are sold separately.

     **Total: $249.97**, which leaves about $50 of your $300 budget for a fuel canister and a pot. If you expect nights below freezing, put the savings toward a warmer bag instead.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": False, "score": 0.4}, flaw="wrong_bundle_total",
     note="""
     FAIL. The python_execute call typed the stove as 39.99 instead of the record's 49.99, so the total it printed
     (249.97) and the "about $50 left" are wrong: 119.99 + 89.99 + 49.99 = 259.97, leaving 40.03. The response even
     lists the stove at $49.99, so its own figures do not add up. Faithfully repeating a tool output does not
     rescue a figure that misstates the products (the kit still fits the $300 budget, so relevance holds). The
     tool-use label fails for the wrong argument in the python call.""",
     aliases={"PD_19031147": "Featherlite", "PD_19031188": "Summit", "PD_19031205": "MicroFlame"})

# df-20 ---------------------------------------------------------------- false claim about the product not recommended (de)
_alpin = rec("PD_20557812", "Alpin Down 900 Schlafsack", 249.00, "Schlafsäcke", {
    "brand": "Alpin", "filling": "Daune 90/10", "comfort_temp": "-2 °C", "weight": "900 g",
    "compression_sack": "inklusive"}, currency="EUR")
_trailsyn = rec("PD_20557868", "TrailSyn 3S Schlafsack", 129.00, "Schlafsäcke", {
    "brand": "TrailSyn", "filling": "Kunstfaser", "comfort_temp": "0 °C", "weight": "1350 g",
    "compression_sack": "inklusive"}, currency="EUR")
item("df-20", "qa_compare",
     "Welcher Schlafsack ist besser für eine Herbst-Trekkingtour mit Nächten um 0 °C: der Alpin Down 900 oder der TrailSyn 3S?",
     [think("Beide Schlafsäcke nachschlagen: Komforttemperatur, Gewicht, Füllung, Zubehör."),
      call("c1", "product_search", {"query": "Alpin Down 900 Schlafsack"}),
      found("c1", [_alpin]),
      call("c2", "product_search", {"query": "TrailSyn 3S Schlafsack"}),
      found("c2", [_trailsyn]),
      think("Alpin: -2 °C, 900 g, Daune. TrailSyn: 0 °C, 1350 g, Kunstfaser, 120 € günstiger.")],
     """
     Für Nächte um 0 °C auf Trekkingtour würde ich den Alpin Down 900 nehmen:

     <product>PD_20557812</product>
     - Komforttemperatur -2 °C, also etwas Reserve unter deinen erwarteten 0 °C.
     - Mit 900 g ist er 450 g leichter als der TrailSyn – beim Tragen über mehrere Tage spürbar.
     - Daunenfüllung 90/10, Kompressionssack inklusive.

     <product>PD_20557868</product>
     Der TrailSyn 3S kostet mit 129 € gut die Hälfte und hat eine Kunstfaserfüllung, die bei Feuchtigkeit unempfindlicher ist als Daune. Seine Komforttemperatur liegt aber genau bei 0 °C, und er hat keinen Kompressionssack – den müsstest du dazukaufen.

     Wenn Gewicht und Wärmereserve zählen, lohnt sich der Aufpreis von 120 € für den Alpin Down; bei sehr nassem Wetter oder knappem Budget ist der TrailSyn die robustere Wahl.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="false_claim_alternative",
     note="""
     FAIL. The recommended Alpin is described correctly (-2 °C, 900 g, 1350 - 900 = 450 g, down 90/10, sack
     included, 249 - 129 = 120 €, 129 € is "gut die Hälfte" of 249 €). The flaw is in the product that is mentioned
     and carded but not recommended: the TrailSyn record says compression sack "inklusive", and the response says
     it has none and must be bought separately. Faithfulness covers every product the text describes, not just
     the winner, and this false negative is used as an argument against it. "Synthetic copes better with damp
     than down" is general knowledge.""",
     aliases={"PD_20557812": "Alpin", "PD_20557868": "TrailSyn"})

# df-21 ---------------------------------------------------------------- fuzzy need; lb -> kg; ratings kept as ratings
_coast = rec("PD_21460073", "Coastline 30-Qt Rolling Cooler", 119.99, "Coolers", {
    "brand": "Coastline", "capacity": "30 qt (holds 36 cans)", "ice_retention": "up to 3 days", "weight": "10 lb",
    "wheels": "yes, all-terrain"})
_chill = rec("PD_21460129", "ChillSack 24-Can Soft Cooler Bag", 39.99, "Coolers", {
    "brand": "ChillSack", "capacity": "24 cans", "ice_retention": "up to 24 hours", "weight": "1.8 lb",
    "strap": "padded shoulder strap"})
item("df-21", "search_fuzzy",
     "something to keep drinks cold during long beach days",
     [think("A cooler for the beach: ice retention, portability over sand, capacity."),
      call("c1", "product_search", {"query": "beach cooler ice retention portable"}),
      found("c1", [_coast, _chill])],
     """
     Two good ways to go, depending on how far you walk and how long you stay:

     **All-day or multi-day: Coastline 30-Qt Rolling Cooler ($119.99)**
     <product>PD_21460073</product>
     Holds 36 cans and is rated to keep ice for up to 3 days. It weighs 10 lb (about 4.5 kg) empty, but the all-terrain wheels let you roll it instead of carrying it.

     **Light and cheap: ChillSack 24-Can Soft Cooler Bag ($39.99)**
     <product>PD_21460129</product>
     Only 1.8 lb with a padded shoulder strap, and rated to keep ice up to 24 hours — plenty for a single beach day.

     For a day trip with a short walk, the ChillSack is all you need; for long days with a group, get the Coastline. Either way, ice-retention ratings are measured in ideal conditions: keep the cooler in the shade, pre-chill it, and use block ice, which melts more slowly than cubes.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, True, True), tool_use={"passed": True, "score": 1.0},
     flaw="none",
     note="""
     PASS. 10 lb = 4.54 kg ("about 4.5 kg"); 36 cans, 24 cans, 1.8 lb, "up to 3 days" and "up to 24 hours" match and
     keep their "up to". "Plenty for a single beach day" is arithmetic on the 24-hour rating. The shade, pre-chill
     and block-ice tips and the caveat that ratings are measured in ideal conditions are general knowledge.""",
     aliases={"PD_21460073": "Coastline", "PD_21460129": "ChillSack"})

# ==================================================================================== BABY

# df-22 ---------------------------------------------------------------- web_search fact about a different model
_zoomi = rec("PD_22718806", "Zoomi Lite Travel Stroller", 219.99, "Strollers", {
    "brand": "Zoomi", "weight": "14.3 lb", "folded_size": "21.5 x 17.7 x 9.8 in",
    "cabin": "fits most airline overhead bins (IATA cabin size)", "fold": "two-hand fold",
    "max_child_weight": "50 lb"})
_roamer = rec("PD_22718843", "Roamer Compact Stroller", 189.00, "Strollers", {
    "brand": "Roamer", "weight": "15.9 lb", "folded_size": "24 x 19 x 11 in", "fold": "one-hand fold",
    "max_child_weight": "45 lb"})
item("df-22", "search_multi_constraint",
     "Lightweight travel stroller under $250 that folds small enough for airplane overhead bins.",
     [think("Stroller under $250, light, cabin-size fold."),
      call("c1", "product_search", {"query": "travel stroller cabin size overhead bin", "max_price": 250}),
      found("c1", [_zoomi, _roamer]),
      think("Only the Zoomi Lite is listed as cabin size. Check reviews on its fold."),
      call("c2", "web_search", {"query": "Zoomi Lite stroller fold review"}),
      said("c2", """
         1. BabyGearLab - Zoomi Lite Pro (2024) review: the Pro adds a one-hand fold and drops to 13.2 lb; still
            cabin-size.
         2. Parent forum: "our Zoomi fits in the overhead bin on most flights we've taken.\"""")],
     """
     For flying, the Zoomi Lite Travel Stroller ($219.99) is the one to get:

     <product>PD_22718806</product>
     - Folds to 21.5 x 17.7 x 9.8 in and is listed as fitting most airline overhead bins (IATA cabin size).
     - Weighs 14.3 lb, and reviewers praise its one-hand fold, so you can collapse it while holding your baby.
     - Carries children up to 50 lb, so it will last well into the toddler years.

     Check your airline's cabin-bag limits before you fly, since bin sizes vary by carrier and aircraft.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 0.75}, flaw="web_fact_wrong_model",
     note="""
     FAIL. The one-hand fold comes from a web_search review of the Zoomi Lite Pro, a different model; the
     recommended Zoomi Lite's own record says "two-hand fold". A fact that is grounded in an observation still
     has to be about the product it is attached to, so this is a misattribution that contradicts the record.
     Dimensions, cabin listing, 14.3 lb and 50 lb are correct. The Roamer (one-hand fold, not cabin size) is not
     mentioned. Tool use passes: both calls were sensible, only the reading of the result was wrong.""",
     aliases={"PD_22718806": "Zoomi", "PD_22718843": "Roamer"})

# df-23 ---------------------------------------------------------------- ml -> oz; material general knowledge (zh)
_beile = rec("PD_23904417", "贝乐 防胀气PP奶瓶 160ml", 69, "母婴用品", {
    "brand": "贝乐", "material": "PP，不含BPA", "capacity": "160 ml", "nipple": "0-3个月 慢流量",
    "anti_colic": "防胀气排气阀"}, currency="CNY")
_rouxin = rec("PD_23904468", "柔芯 玻璃防胀气奶瓶 150ml", 89, "母婴用品", {
    "brand": "柔芯", "material": "高硼硅玻璃", "capacity": "150 ml", "nipple": "0-3个月 慢流量",
    "anti_colic": "底部排气阀"}, currency="CNY")
item("df-23", "search_general",
     "推荐几款适合新生儿的防胀气奶瓶。",
     [think("新生儿：小容量、慢流量奶嘴、防胀气设计。"),
      call("c1", "product_search", {"query": "新生儿 防胀气 奶瓶"}),
      found("c1", [_beile, _rouxin])],
     """
     新生儿奶量小、吸吮力弱，选小容量、慢流量奶嘴、带防胀气设计的奶瓶就对了。下面两款都符合：

     **轻便不怕摔：贝乐 防胀气PP奶瓶 160ml（¥69）**
     <product>PD_23904417</product>
     PP 材质、不含 BPA，容量 160 ml（约 5.4 盎司），配 0-3 个月慢流量奶嘴，带防胀气排气阀。

     **玻璃材质：柔芯 玻璃防胀气奶瓶 150ml（¥89）**
     <product>PD_23904468</product>
     高硼硅玻璃，150 ml（约 5 盎司），同样是 0-3 个月慢流量奶嘴，排气阀设计在瓶底。

     怎么选：玻璃瓶不容易残留奶渍和异味，但更重、摔了会碎，适合在家用；PP 瓶轻、不易碎，外出更方便。建议两种各备一只，先看宝宝接受哪种，再补货。
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, True, True), tool_use={"passed": True, "score": 1.0},
     flaw="none",
     note="""
     PASS. 160 ml = 5.41 US fl oz ("约 5.4 盎司"), 150 ml = 5.07 ("约 5 盎司"). Material, BPA-free, nipple stage and
     vent position match each record. "Glass keeps fewer residues and odours but is heavier and breakable; PP is
     light and hard to break" is general knowledge about the two materials, not a feature claim from outside the
     records; the heading "轻便不怕摔" follows from the same material facts.""",
     aliases={"PD_23904417": "贝乐", "PD_23904468": "柔芯"})

# df-24 ---------------------------------------------------------------- hedged claim of an absent certification
_safenest = rec("PD_24361150", "SafeNest Infant Car Seat", 199.99, "Car Seats", {
    "brand": "SafeNest", "weight_range": "4-35 lb, rear-facing only", "height_limit": "up to 32 in",
    "base": "stay-in-car base included", "seat_weight": "9.5 lb", "safety_standard": "meets FMVSS 213",
    "cover": "machine washable"})
item("df-24", "qa_consultation",
     "Is the SafeNest Infant Car Seat a good choice for our newborn?",
     [think("Check the SafeNest's weight range, base, standards and practical features."),
      call("c1", "product_search", {"query": "SafeNest Infant Car Seat"}),
      found("c1", [_safenest])],
     """
     Yes, the SafeNest is a good fit for a newborn:

     <product>PD_24361150</product>

     - Rated from 4 lb rear-facing, so it works even for small newborns, and up to 35 lb or 32 in.
     - The stay-in-car base is included: you click the carrier in and out without reinstalling it each time.
     - The carrier itself weighs 9.5 lb, so it's manageable to carry from the car to the house.
     - It meets FMVSS 213, the US federal car-seat standard, and it should also be FAA-approved for aircraft use, so you can likely bring it on the plane too.
     - The cover is machine washable, handy for spit-ups.

     Before your due date, install the base and have it checked by a certified child passenger safety technician.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="hedged_unsupported_claim",
     note="""
     FAIL (borderline). The record states FMVSS 213 only; aircraft (FAA) approval is a separate label that it does
     not mention. "Should also be FAA-approved ... you can likely bring it on the plane" is hedged, but it is still
     a specific certification claim the record does not support, on a safety point where a parent would act on it.
     I decide that a hedge does not make an unsupported attribute faithful (contrast df-15 and df-17, where the
     hedged statements are usage judgements drawn from listed attributes). Everything else matches.""",
     aliases={"PD_24361150": "SafeNest"})

# ==================================================================================== BEAUTY

# df-25 ---------------------------------------------------------------- per-ml price, done in the text, correct
_pure = rec("PD_25170042", "PureShield Mineral Sunscreen SPF 50", 18.00, "Sunscreen", {
    "brand": "PureShield", "size": "50 ml", "active": "zinc oxide 20%", "fragrance_free": "yes",
    "water_resistance": "40 minutes", "skin_type": "sensitive"})
_calma = rec("PD_25170091", "Calma Sheer Mineral Sunscreen SPF 50", 24.00, "Sunscreen", {
    "brand": "Calma", "size": "75 ml", "active": "zinc oxide 15%, titanium dioxide 4%", "fragrance_free": "yes",
    "water_resistance": "80 minutes", "skin_type": "sensitive"})
item("df-25", "search_multi_constraint",
     "Fragrance-free mineral sunscreen, SPF 50, for sensitive skin, under $25.",
     [think("Mineral filters, SPF 50, fragrance-free, sensitive skin, under $25."),
      call("c1", "product_search", {"query": "mineral sunscreen SPF 50 fragrance-free sensitive", "max_price": 25}),
      found("c1", [_pure, _calma])],
     """
     Both of these are mineral, SPF 50, fragrance-free and made for sensitive skin:

     **Best value and for swimming: Calma Sheer Mineral Sunscreen SPF 50 ($24.00, 75 ml)**
     <product>PD_25170091</product>
     Zinc oxide 15% plus titanium dioxide 4%, water-resistant for 80 minutes. At $0.32 per ml it's the cheaper one per ml.

     **Smaller tube for daily use: PureShield Mineral Sunscreen SPF 50 ($18.00, 50 ml)**
     <product>PD_25170042</product>
     Zinc oxide 20% as the only filter, water-resistant for 40 minutes; $0.36 per ml, so it costs less up front but more per ml.

     If you'll be in the water, take the Calma; for everyday wear the PureShield is fine. With either, apply generously and reapply at least every two hours, and right after swimming or towelling off.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, True, True), tool_use={"passed": True, "score": 1.0},
     flaw="none",
     note="""
     PASS. Per-ml prices worked out in the text are right: 18.00/50 = 0.36, 24.00/75 = 0.32. "Zinc oxide as the
     only filter" is read off the PureShield's active field (one ingredient listed). Water-resistance minutes
     match. The reapplication advice is general sunscreen guidance, not a product claim.""",
     aliases={"PD_25170042": "PureShield", "PD_25170091": "Calma"})

# df-26 ---------------------------------------------------------------- per-ounce price wrong
_dew = rec("PD_26622310", "Dewlab Barrier Repair Cream", 24.00, "Moisturizers", {
    "brand": "Dewlab", "size": "1.7 oz (48 g)", "key_ingredients": ["ceramides", "niacinamide"],
    "fragrance_free": "yes"})
_hydra = rec("PD_26622378", "Hydra Calm Gel-Cream", 32.00, "Moisturizers", {
    "brand": "Hydra Calm", "size": "2.5 oz (70 g)", "key_ingredients": ["hyaluronic acid", "panthenol"],
    "fragrance_free": "yes"})
item("df-26", "qa_compare",
     "Which is the better deal: Dewlab Barrier Repair Cream or Hydra Calm Gel-Cream?",
     [think("Compare price per ounce and formulas."),
      call("c1", "product_search", {"query": "Dewlab Barrier Repair Cream"}),
      found("c1", [_dew]),
      call("c2", "product_search", {"query": "Hydra Calm Gel-Cream"}),
      found("c2", [_hydra])],
     """
     Looking at price per ounce:

     <product>PD_26622310</product>
     <product>PD_26622378</product>

     - Dewlab Barrier Repair Cream: $24.00 for 1.7 oz — about $12.00 per ounce.
     - Hydra Calm Gel-Cream: $32.00 for 2.5 oz — about $12.80 per ounce.

     So the Dewlab is slightly cheaper per ounce as well as cheaper up front. Formula-wise, Dewlab is built around ceramides and niacinamide, aimed at barrier repair, while Hydra Calm uses hyaluronic acid and panthenol for lightweight hydration; both are fragrance-free. If your skin is dry or irritated, the Dewlab is the better buy; for oily skin that mainly needs hydration, the gel-cream.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="wrong_unit_price",
     note="""
     FAIL. 24.00 / 1.7 = $14.12 per ounce, not about $12.00; Hydra Calm's 32.00 / 2.5 = $12.80 is right. The
     error flips the answer to the user's question: the Hydra Calm is the cheaper one per ounce. Record figures
     are quoted correctly; the derived per-unit price is false. Ingredient descriptions are correct.""",
     aliases={"PD_26622310": "Dewlab", "PD_26622378": "Hydra Calm"})

# df-27 ---------------------------------------------------------------- brand absent from the record (ja)
_ionic = rec("PD_27088514", "イオニック ヘアドライヤー 1600W", 8980, "ヘアドライヤー", {
    "weight": "480 g", "power": "1600 W", "airflow": "2.0 m³/分", "ion": "マイナスイオン",
    "attachments": ["速乾ノズル", "ディフューザー"]}, currency="JPY")
_breeze = rec("PD_27088573", "ブリーズ コンパクトドライヤー 1200W", 4980, "ヘアドライヤー", {
    "weight": "390 g", "power": "1200 W", "airflow": "1.3 m³/分", "foldable": "折りたたみ式"}, currency="JPY")
item("df-27", "search_general",
     "軽くて、髪が早く乾くヘアドライヤーを探しています。",
     [think("軽量で速乾のドライヤー。風量と重さを確認する。"),
      call("c1", "product_search", {"query": "ヘアドライヤー 軽量 速乾 大風量"}),
      found("c1", [_ionic, _breeze])],
     """
     速乾性と軽さのバランスなら、パナソニック製の「イオニック ヘアドライヤー 1600W」（8,980円）がおすすめです。

     <product>PD_27088514</product>
     ・風量 2.0 m³/分、1600W のパワーで、ロングヘアでも乾かす時間を短縮できます。
     ・重さは 480 g で、速乾ノズルとディフューザーが付属。
     ・マイナスイオン搭載。

     とにかく軽さ重視なら「ブリーズ コンパクトドライヤー 1200W」（4,980円）。390 g・折りたたみ式で旅行にも便利ですが、風量は 1.3 m³/分 なので乾くまでの時間は長めです。

     <product>PD_27088573</product>

     髪が長く毎日使うならイオニック、持ち運び重視ならブリーズを選ぶとよいでしょう。
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="absent_brand",
     note="""
     FAIL. Neither record names a brand; "パナソニック製" (made by Panasonic) is invented, probably because the
     product name and "マイナスイオン" resemble a familiar product line. A brand is a core attribute a buyer relies
     on, so this is a hallucinated attribute even though every spec (2.0 vs 1.3 m³/分, 1600 W, 480 g vs 390 g,
     attachments, folding) is right. "Shorter drying time" follows from the higher airflow.""",
     aliases={"PD_27088514": "イオニック", "PD_27088573": "ブリーズ"})

# df-28 ---------------------------------------------------------------- marketing adjectives
_glowset = rec("PD_28215507", "Glow Ritual Premium Skincare Gift Set (5 pcs)", 39.00, "Skincare Sets", {
    "brand": "Glow Ritual",
    "contents": ["cleanser 50 ml", "toner 50 ml", "serum 15 ml", "moisturizer 30 ml", "sheet mask x1"],
    "packaging": "gift box", "rating": "4.7 (860 reviews)"})
_jade = rec("PD_28215569", "Jade Facial Roller & Gua Sha Set", 28.00, "Skincare Tools", {
    "material": "jade", "includes": ["double-ended roller", "gua sha stone", "storage pouch"], "rating": "4.5"})
item("df-28", "search_fuzzy",
     "gift ideas for my sister who's really into skincare, around $40",
     [think("Skincare gift around $40: a gift set or a skincare tool."),
      call("c1", "product_search", {"query": "skincare gift set", "max_price": 45}),
      found("c1", [_glowset, _jade])],
     """
     Two ideas that feel special without going over budget:

     **The main gift: Glow Ritual Premium Skincare Gift Set — $39.00**
     <product>PD_28215507</product>
     A luxurious-feeling five-piece routine — cleanser (50 ml), toner (50 ml), serum (15 ml), moisturizer (30 ml) and a sheet mask — that arrives in a gift box, so no wrapping needed. Great value for five products at $39, and it's rated 4.7 stars across 860 reviews.

     **If she already has a full routine: Jade Facial Roller & Gua Sha Set — $28.00**
     <product>PD_28215569</product>
     A jade double-ended roller plus a gua sha stone and a storage pouch — a nice self-care ritual to add to what she already uses, and it leaves $12 of your budget for a card.

     If you don't know her products well, the roller set is the safer choice, since skincare enthusiasts often have favourite products and a tool won't clash with her routine; if you know she likes trying new things, go with the gift set.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, True, True), tool_use={"passed": True, "score": 1.0},
     flaw="none",
     note="""
     PASS (borderline). "Luxurious-feeling", "premium" (from the product's own title) and "great value" are
     evaluative language, not attributes; they are not contradicted by the record ($39 for five items, 4.7 stars)
     and make no checkable false claim, so I treat them as opinion. All factual parts match: contents and sizes,
     gift box, 4.7/860, jade material (the response does not add "natural"), roller, gua sha, pouch, 40 - 28 = 12.""",
     aliases={"PD_28215507": "Glow Ritual", "PD_28215569": "Jade"})

# ==================================================================================== HOME

# df-29 ---------------------------------------------------------------- missing field disclosed; alternative described right
_roborex = rec("PD_29940021", "Roborex S6 Robot Vacuum", 249.99, "Robot Vacuums", {
    "brand": "Roborex", "suction": "2700 Pa", "runtime": "up to 150 min", "noise": "58 dB (quiet mode)",
    "dustbin": "0.45 L", "mopping": "no"})
_cleanbot = rec("PD_29940087", "CleanBot Neo Robot Vacuum & Mop", 229.00, "Robot Vacuums", {
    "brand": "CleanBot", "suction": "3000 Pa", "runtime": "up to 120 min", "dustbin": "0.4 L", "mopping": "yes"})
item("df-29", "qa_compare",
     "Robot vacuum for a small apartment, and it needs to be quiet because I work from home — Roborex S6 or CleanBot Neo?",
     [think("Compare both; noise is the deciding factor."),
      call("c1", "product_search", {"query": "Roborex S6 robot vacuum"}),
      found("c1", [_roborex]),
      call("c2", "product_search", {"query": "CleanBot Neo robot vacuum"}),
      found("c2", [_cleanbot]),
      think("CleanBot has no noise field. Look for a measurement."),
      call("c3", "web_search", {"query": "CleanBot Neo robot vacuum noise level dB"}),
      said("c3", """
         No lab measurements found. Forum posts (r/RobotVacuums): "CleanBot Neo is noticeably loud on max
         suction"; "fine on standard mode".""")],
     """
     Since noise is your deciding factor, I'd go with the Roborex S6.

     <product>PD_29940021</product>
     It's the one of the two with a published noise figure: 58 dB in quiet mode. It runs for up to 150 minutes, more than a small apartment needs, and has a 0.45 L bin.

     <product>PD_29940087</product>
     The CleanBot Neo is $20.99 cheaper, has stronger suction (3000 Pa vs 2700 Pa) and also mops. But it publishes no noise rating and I couldn't find a measured figure; a few owners say it's noticeably loud on max suction but fine on standard mode — anecdotal, so I wouldn't count on it being quiet.

     Tip: whichever you choose, schedule cleaning for your lunch break or when you're out, and use the quietest mode during calls.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, True, True), tool_use={"passed": True, "score": 1.0},
     flaw="none",
     note="""
     PASS. Contrast with df-03: the response does not claim the Roborex is quieter than the CleanBot; it says
     only the Roborex publishes a figure and reports the web_search result as anecdotal, which is exactly what
     the observation says. The non-recommended CleanBot is described correctly (249.99 - 229.00 = 20.99, 3000 vs
     2700 Pa, mops). "More than a small apartment needs" for 150 min is a judgement, not a spec.""",
     aliases={"PD_29940021": "Roborex", "PD_29940087": "CleanBot"})

# df-30 ---------------------------------------------------------------- sq ft <-> m², correct
_aero = rec("PD_30512278", "AeroPure 500 True HEPA Air Purifier", 179.99, "Air Purifiers", {
    "brand": "AeroPure", "coverage": "up to 500 sq ft", "filter": "True HEPA H13", "cadr": "310 CFM",
    "noise": "24-52 dB", "filter_replacement": "every 6-8 months"})
_breathe = rec("PD_30512290", "BreatheEasy 300 HEPA Air Purifier", 129.99, "Air Purifiers", {
    "brand": "BreatheEasy", "coverage": "up to 300 sq ft", "filter": "HEPA H11", "cadr": "180 CFM",
    "noise": "28-55 dB"})
item("df-30", "search_multi_constraint",
     "HEPA air purifier for a 40 m² living room, budget $200.",
     [think("40 m² is about 430 sq ft. Need HEPA, coverage at least that, under $200."),
      call("c1", "product_search", {"query": "HEPA air purifier", "max_price": 200}),
      found("c1", [_aero, _breathe]),
      think("BreatheEasy covers only 300 sq ft, too small. AeroPure 500 fits.")],
     """
     40 m² is about 430 sq ft, so you need a purifier rated for at least that. The AeroPure 500 fits:

     <product>PD_30512278</product>
     - Rated for up to 500 sq ft — about 46 m², so it covers your room with a little headroom.
     - True HEPA H13 filter and a CADR of 310 CFM.
     - Runs from 24 dB on its lowest setting up to 52 dB on max.
     - At $179.99 it's within your $200 budget; plan on a replacement filter every 6–8 months.

     Place it where air can circulate on all sides, and run it continuously on a medium setting rather than on max in short bursts.
     """,
     faithful=True, l2_labels=l2(True, True, True, False, False, False, True),
     tool_use={"passed": True, "score": 1.0}, flaw="none",
     note="""
     PASS. 40 m² = 430.6 sq ft ("about 430"), 500 sq ft = 46.5 m² ("about 46"); H13, 310 CFM, 24-52 dB and the
     filter interval match. "24 dB on its lowest setting, 52 dB on max" is a reading of the range I accept. The
     under-sized BreatheEasy is left out and not mentioned. Placement advice is general.""",
     aliases={"PD_30512278": "AeroPure", "PD_30512290": "BreatheEasy"})

# df-31 ---------------------------------------------------------------- one product's figure attributed to the other (es)
_turbix = rec("PD_31276634", "Turbix V8 Aspiradora sin cable", 299.00, "Aspiradoras", {
    "brand": "Turbix", "runtime": "hasta 60 min", "suction": "150 AW", "weight": "2,6 kg",
    "brush": "cepillo motorizado antienredos"}, currency="EUR")
_aspira = rec("PD_31276681", "Aspira Flex 2 Aspiradora sin cable", 249.00, "Aspiradoras", {
    "brand": "Aspira", "runtime": "hasta 40 min", "suction": "120 AW", "weight": "2,3 kg",
    "tube": "tubo flexible"}, currency="EUR")
item("df-31", "qa_compare",
     "¿Qué aspiradora sin cable me conviene para un piso con alfombras: la Turbix V8 o la Aspira Flex 2?",
     [think("Comparar succión, cepillo, autonomía y peso de ambas."),
      call("c1", "product_search", {"query": "Turbix V8 aspiradora sin cable"}),
      found("c1", [_turbix]),
      call("c2", "product_search", {"query": "Aspira Flex 2 aspiradora sin cable"}),
      found("c2", [_aspira])],
     """
     Para alfombras te recomiendo la Turbix V8 (299 €):

     <product>PD_31276634</product>
     Tiene más succión (150 AW frente a 120 AW) y un cepillo motorizado antienredos, que es lo que más se nota en alfombras con pelo.

     <product>PD_31276681</product>
     La Aspira Flex 2 (249 €) es más ligera (2,3 kg frente a 2,6 kg), su tubo flexible facilita aspirar bajo los muebles y también tiene 60 minutos de autonomía, así que tampoco se queda corta.

     Si la mayor parte del piso tiene alfombras, los 50 € extra de la Turbix merecen la pena; si predominan los suelos duros, la Aspira es suficiente.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="misattributed_claim",
     note="""
     FAIL. "60 minutos de autonomía" is the Turbix's figure; the Aspira Flex 2 record says "hasta 40 min". A true
     figure attached to the wrong product is a false description of that product, and "también" makes it read
     as parity. Suction, brush, weights, flexible tube and 299 - 249 = 50 € are correct.""",
     aliases={"PD_31276634": "Turbix", "PD_31276681": "Aspira"})

# df-32 ---------------------------------------------------------------- rounding in the wrong direction
_liftpro = rec("PD_32805519", "LiftPro Electric Standing Desk 48 x 24 in", 149.99, "Office Furniture", {
    "brand": "LiftPro", "height_range": "28-47.6 in", "motor": "single", "memory_presets": 3,
    "load_capacity": "154 lb"})
_ergorise = rec("PD_32805560", "ErgoRise Dual-Motor Standing Desk 55 x 28 in", 299.00, "Office Furniture", {
    "brand": "ErgoRise", "height_range": "25-50 in", "motor": "dual", "memory_presets": 4,
    "load_capacity": "265 lb"})
item("df-32", "search_general",
     "I need a standing desk for my home office.",
     [think("General request: offer a budget and an upgrade standing desk."),
      call("c1", "product_search", {"query": "electric standing desk home office"}),
      found("c1", [_liftpro, _ergorise])],
     """
     Two solid options depending on your setup:

     **Budget pick: LiftPro Electric Standing Desk 48 x 24 in — just under $140**
     <product>PD_32805519</product>
     Single motor, height from 28 to 47.6 in, three memory presets and a 154 lb load limit — enough for a laptop plus one or two monitors.

     **For a bigger or heavier setup: ErgoRise Dual-Motor Standing Desk 55 x 28 in — $299.00**
     <product>PD_32805560</product>
     A larger 55 x 28 in top, dual motors, 265 lb capacity and a wider 25–50 in height range, useful if you're especially tall or short or run a heavy multi-monitor rig.

     If you're of average height with a modest setup, the LiftPro saves you about $150; otherwise the ErgoRise is worth the extra.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="wrong_rounding",
     note="""
     FAIL. The LiftPro costs $149.99; "just under $140" understates it by $10. Rounding is fine when it stays
     true ("about $150", "just under $150" would pass, and the response's own "saves you about $150" is right:
     299.00 - 149.99 = 149.01); this rounding is false. Specs are correct; "enough for a laptop plus one or two
     monitors" is a judgement from the 154 lb limit.""",
     aliases={"PD_32805519": "LiftPro", "PD_32805560": "ErgoRise"})

# ==================================================================================== PET

# df-33 ---------------------------------------------------------------- per-pound prices via python; vet advice
_prairie = rec("PD_33417720", "Prairie Run Grain-Free Large Breed Adult Dog Food", 64.99, "Dog Food", {
    "brand": "Prairie Run", "bag_size": "30 lb", "grain_free": "yes", "first_ingredient": "deboned chicken",
    "life_stage": "adult, large breed", "added": "glucosamine"})
_wild = rec("PD_33417783", "Wild Harvest Grain-Free Adult Dog Food", 49.99, "Dog Food", {
    "brand": "Wild Harvest", "bag_size": "24 lb", "grain_free": "yes", "first_ingredient": "salmon",
    "life_stage": "adult, all breed sizes"})
item("df-33", "search_multi_constraint",
     "Grain-free dry food for my large-breed adult dog — which has the best price per pound?",
     [think("Grain-free, adult, suitable for large breeds; compute price per pound."),
      call("c1", "product_search", {"query": "grain-free dry dog food large breed adult"}),
      found("c1", [_prairie, _wild]),
      call("c2", "python_execute", {"code": t("""
          for name, usd, lb in [("Prairie Run", 64.99, 30), ("Wild Harvest", 49.99, 24)]:
              print(f"{name}: {usd / lb:.2f} $/lb")""")}),
      said("c2", """
          Prairie Run: 2.17 $/lb
          Wild Harvest: 2.08 $/lb""")],
     """
     Per pound, Wild Harvest is the cheaper of the two grain-free options:

     <product>PD_33417783</product>
     **Wild Harvest Grain-Free Adult** — $49.99 for 24 lb, about $2.08/lb. Salmon is the first ingredient, and it's formulated for adult dogs of all breed sizes.

     <product>PD_33417720</product>
     **Prairie Run Grain-Free Large Breed Adult** — $64.99 for 30 lb, about $2.17/lb. Only about 9 cents a pound more, and it's made specifically for large breeds, with deboned chicken first and added glucosamine.

     For a large-breed dog I'd spend the extra 9¢ a pound on Prairie Run; if budget comes first, Wild Harvest is a fine all-breed formula. Whichever you pick, switch gradually over 7–10 days by mixing it with the old food, and ask your vet about grain-free diets, which the FDA has investigated for a possible link to heart disease (DCM) in dogs.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, True, True), tool_use={"passed": True, "score": 1.0},
     flaw="none",
     note="""
     PASS. Per-pound prices come from python_execute with the record figures (64.99/30 = 2.166, 49.99/24 = 2.083);
     2.17 - 2.08 = 0.09. Ingredients, life stages and glucosamine match; the response does not add health claims
     for glucosamine. The 7-10 day transition and the FDA/DCM note are general pet-care knowledge, not product
     claims.""",
     aliases={"PD_33417720": "Prairie Run", "PD_33417783": "Wild Harvest"})

# df-34 ---------------------------------------------------------------- superlative contradicted by the search results
_pawtime = rec("PD_34650018", "PawTime Smart Feeder", 89.99, "Pet Feeders", {
    "brand": "PawTime", "rating": "4.3 (1,204 reviews)", "capacity": "4 L", "meals_per_day": "up to 6",
    "app_control": "yes", "dual_bowl": "yes, splits into two bowls"})
_feedwell = rec("PD_34650075", "FeedWell Duo Automatic Feeder", 99.99, "Pet Feeders", {
    "brand": "FeedWell", "rating": "4.7 (3,450 reviews)", "capacity": "5 L", "meals_per_day": "up to 4",
    "app_control": "no", "dual_bowl": "yes"})
item("df-34", "qa_consultation",
     "Is the PawTime Smart Feeder a good automatic feeder for my two cats?",
     [think("Check the PawTime's bowls, schedule and capacity for two cats."),
      call("c1", "product_search", {"query": "automatic cat feeder two cats PawTime"}),
      found("c1", [_pawtime, _feedwell])],
     """
     Yes, the PawTime is a solid choice for two cats:

     <product>PD_34650018</product>

     - It splits into two bowls, so each cat gets its own portion.
     - Up to 6 scheduled meals a day, set from the app.
     - The 4 L hopper lasts two cats several days between refills.
     - It's the highest-rated feeder I found, at 4.3 stars from 1,204 reviews.

     Tip: run it alongside your normal feeding for a couple of days so the cats get used to the motor sound, and watch the first few scheduled meals before you rely on it while travelling.
     """,
     faithful=False, l2_labels=None, tool_use={"passed": True, "score": 1.0}, flaw="false_superlative",
     note="""
     FAIL. "The highest-rated feeder I found" is contradicted by the agent's own search result: the FeedWell Duo
     in the same observation is rated 4.7 from 3,450 reviews. The 4.3 / 1,204 figure itself is right, which is what
     makes the superlative look grounded. Bowls, 6 meals, app control and 4 L match; "lasts several days" is a
     reasonable judgement. The FeedWell is not mentioned by name, so it needs no card.""",
     aliases={"PD_34650018": "PawTime", "PD_34650075": "FeedWell"})

# ==================================================================================== SPORTS

# df-35 ---------------------------------------------------------------- lb -> kg range and steps, correct
_flexbell = rec("PD_35928816", "FlexBell 552 Adjustable Dumbbells (Pair)", 379.00, "Fitness Equipment", {
    "brand": "FlexBell", "weight_range": "5-52.5 lb per dumbbell",
    "increments": "2.5 lb up to 25 lb, then 5 lb", "replaces": "15 sets of weights",
    "storage": "storage trays included"})
item("df-35", "search_multi_constraint",
     "Adjustable dumbbells for a home gym — I need at least 20 kg per hand, and under $400 for the pair.",
     [think("20 kg is about 44 lb per hand; pair under $400."),
      call("c1", "product_search", {"query": "adjustable dumbbells pair 50 lb", "max_price": 400}),
      found("c1", [_flexbell])],
     """
     The FlexBell 552 pair ($379.00) meets both requirements:

     <product>PD_35928816</product>

     - **Range:** 5–52.5 lb per dumbbell, which is about 2.3–23.8 kg, so 20 kg per hand is covered with a little room to progress.
     - **Steps:** 2.5 lb (about 1.1 kg) increments up to 25 lb, then 5 lb (about 2.3 kg) steps — small jumps for lighter work, bigger ones at the heavy end.
     - **Space:** replaces 15 sets of weights and comes with storage trays.

     It leaves $21 of your budget. One trade-off: adjustable dumbbells are bulkier than fixed ones at the same weight, which can feel awkward on some presses; if your training later moves to heavy lower-body lifts, a barbell will serve you better than any dumbbell. If 20–24 kg per hand covers your plans, this is the set to buy.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, False, False, True),
     tool_use={"passed": True, "score": 1.0}, flaw="none",
     note="""
     PASS. 5 lb = 2.27 kg, 52.5 lb = 23.81 kg, 2.5 lb = 1.13 kg, 5 lb = 2.27 kg; 400 - 379 = 21. "Replaces 15 sets"
     and the trays match. The bulkiness remark is general knowledge about adjustable vs fixed dumbbells and is
     stated as a category trait, not as a spec of this product.""",
     aliases={"PD_35928816": "FlexBell"})

# df-36 ---------------------------------------------------------------- discount %, "about a week", web-sourced feature (de)
_fitband = rec("PD_36143307", "FitBand 7 Fitness-Tracker", 79.99, "Wearables", {
    "brand": "FitBand", "list_price": 99.99, "battery": "bis zu 7 Tage", "gps": "Connected GPS (über Smartphone)",
    "heart_rate": "ja, 24/7", "water_resistance": "5 ATM", "display": "1,47 Zoll AMOLED"}, currency="EUR")
item("df-36", "qa_consultation",
     "Lohnt sich das FitBand 7 als Fitnesstracker zum Laufen? Es ist gerade im Angebot.",
     [think("Datenblatt prüfen: GPS, Akku, Puls, Preis; nach Neuerungen per Firmware suchen."),
      call("c1", "product_search", {"query": "FitBand 7 Fitness-Tracker"}),
      found("c1", [_fitband]),
      call("c2", "web_search", {"query": "FitBand 7 Firmware Update SpO2"}),
      said("c2", """
         TechTest.de (März 2025): Mit Firmware 2.1 bekommt das FitBand 7 eine SpO2-Messung nachgereicht; im Test
         wichen die Werte um bis zu 2 % vom Pulsoximeter ab.""")],
     """
     Für regelmäßiges Laufen: ja, das FitBand 7 lohnt sich – mit einer Einschränkung.

     <product>PD_36143307</product>

     - **Preis:** 79,99 € statt 99,99 € – das sind 20 % Rabatt.
     - **Akku:** bis zu 7 Tage, also rund eine Woche zwischen den Ladevorgängen.
     - **GPS:** nur Connected GPS – Tempo und Strecke zeichnet es nur auf, wenn du dein Smartphone mitnimmst. Das ist die Einschränkung: Wer ohne Handy laufen will, braucht eine Uhr mit eingebautem GPS.
     - **Puls:** Herzfrequenzmessung rund um die Uhr.
     - **Wasser:** 5 ATM, also Duschen und Schwimmen im Becken sind kein Problem.
     - Laut TechTest.de hat das Firmware-Update 2.1 außerdem eine SpO2-Messung nachgerüstet (im Test bis zu 2 % Abweichung zum Pulsoximeter).

     Wenn du ohnehin mit dem Handy läufst, ist es zum Angebotspreis eine gute Wahl; sonst lieber etwas mehr für eingebautes GPS ausgeben.
     """,
     faithful=True, l2_labels=l2(True, True, True, True, True, False, True),
     tool_use={"passed": True, "score": 1.0}, flaw="none",
     note="""
     PASS. (99.99 - 79.99) / 99.99 = 20.0 %; "bis zu 7 Tage" -> "rund eine Woche" keeps the meaning; Connected GPS
     is correctly explained as needing the phone. SpO2 is not in the record but comes from a web_search
     observation about this exact model, attributed to its source with its accuracy caveat, so I count it as
     grounded (contrast df-22, where the web fact was about another model). 5 ATM -> showering and pool swimming
     is the usual reading of that rating.""",
     aliases={"PD_36143307": "FitBand"})


# ==================================================================================== checks

def check(items: list[dict], aliases: dict[str, dict[str, str]] | None = None) -> list[str]:
    errs: list[str] = []
    ids = [it.get("id") for it in items]
    if len(items) != 36:
        errs.append(f"expected 36 items, got {len(items)}")
    if len(set(ids)) != len(ids):
        errs.append("duplicate ids")
    for it in items:
        i = it.get("id")
        e = lambda m, i=i: errs.append(f"{i}: {m}")  # noqa: E731
        if not isinstance(i, str) or not ITEM_ID.match(i):
            e("id must be df-NN")
        if set(it) != {"id", "query", "category", "trajectory", "response", "rubric", "labels", "flaw", "injection",
                       "note"}:
            e(f"unexpected keys {sorted(it)}")
        if it.get("rubric") != "smartshop":
            e("rubric must be smartshop")
        if it.get("category") not in CATEGORIES:
            e(f"category {it.get('category')!r}")
        if not it.get("query", "").strip() or not it.get("response", "").strip():
            e("empty query or response")
        # trajectory: tool names, call/observation pairing, product ids
        open_calls: dict[str, str] = {}
        answered: set[str] = set()
        search_ids: set[str] = set()
        records: dict[str, dict] = {}
        n_calls = 0
        for k, s in enumerate(it["trajectory"]):
            kind = s.get("kind")
            if kind == "reasoning":
                if not s.get("text", "").strip():
                    e(f"step {k}: empty reasoning")
            elif kind == "tool_call":
                n_calls += 1
                if s.get("name") not in TOOLS:
                    e(f"step {k}: tool {s.get('name')!r} not allowed")
                cid = s.get("call_id")
                if not cid or cid in open_calls or cid in answered:
                    e(f"step {k}: missing or repeated call_id {cid!r}")
                else:
                    open_calls[cid] = s["name"]
                if not isinstance(s.get("arguments"), dict) or not s["arguments"]:
                    e(f"step {k}: arguments must be a non-empty object")
            elif kind == "observation":
                cid = s.get("call_id")
                if cid not in open_calls:
                    e(f"step {k}: observation {cid!r} answers no open call")
                    continue
                tool = open_calls.pop(cid)
                answered.add(cid)
                prods = s.get("products") or []
                if tool == "product_search":
                    if not prods:
                        e(f"step {k}: product_search observation without products")
                    if json.loads(s["content"]).get("products") != prods:
                        e(f"step {k}: content and products differ")
                elif prods:
                    e(f"step {k}: {tool} observation carries products")
                for p in prods:
                    if not PID.match(p.get("id", "")):
                        e(f"step {k}: bad product id {p.get('id')!r}")
                    if p["id"] in records and records[p["id"]] != p:
                        e(f"{p['id']} returned twice with different records")
                    records[p["id"]] = p
                    search_ids.add(p["id"])
                    if not p.get("name") or not isinstance(p.get("price"), (int, float)):
                        e(f"{p.get('id')}: record needs name and numeric price")
            else:
                e(f"step {k}: kind {kind!r}")
        if open_calls:
            e(f"calls without observation: {sorted(open_calls)}")
        # cards
        cards = CARD.findall(it["response"])
        if not cards:
            e("no product cards")
        for c in cards:
            if not PID.match(c.strip()) or c != c.strip():
                e(f"malformed card {c!r}")
            elif c not in search_ids:
                e(f"card {c} was not returned by product_search")
        if len(cards) != len(set(cards)):
            e("a product is carded twice")
        if it["response"].count("<product>") != len(cards) or it["response"].count("</product>") != len(cards):
            e("unbalanced card tags")
        # completeness (build-time only): a returned product is carded iff its short name appears in the text
        if aliases is not None:
            al = aliases.get(i, {})
            if set(al) != search_ids:
                e(f"aliases {sorted(al)} != returned {sorted(search_ids)}")
            text = CARD.sub("", it["response"])
            for pid, short in al.items():
                if (short in text) != (pid in cards):
                    e(f"{pid} ({short}): mentioned={short in text} carded={pid in cards}")
        # labels
        lab = it.get("labels") or {}
        if set(lab) != {"l1_pass", "l1", "checks", "l2", "tool_use"}:
            e(f"labels keys {sorted(lab)}")
            continue
        if set(lab["checks"]) != set(CHECKS) or not all(isinstance(v, bool) for v in lab["checks"].values()):
            e("labels.checks shape")
            continue
        if not all(lab["checks"][c] for c in CHECKS if c != "description_faithfulness"):
            e("every check but description_faithfulness must pass in this set")
        for d, cs in DIMENSIONS.items():
            if lab["l1"].get(d) != all(lab["checks"][c] for c in cs):
                e(f"labels.l1.{d} disagrees with its checks")
        if set(lab["l1"]) != set(DIMENSIONS):
            e("labels.l1 keys")
        if lab["l1_pass"] is not all(lab["l1"].values()):
            e("labels.l1_pass disagrees with l1")
        if lab["l1_pass"]:
            if not isinstance(lab["l2"], dict) or set(lab["l2"]) != set(L2_METRICS) \
                    or not all(isinstance(v, bool) for v in lab["l2"].values()):
                e("labels.l2 must hold the seven metrics as booleans when L1 passes")
        elif lab["l2"] is not None:
            e("labels.l2 must be null when L1 fails")
        tu = lab["tool_use"]
        if n_calls == 0:
            if tu is not None:
                e("tool_use must be null without tool calls")
        elif not (isinstance(tu, dict) and set(tu) == {"passed", "score"} and isinstance(tu["passed"], bool)
                  and isinstance(tu["score"], (int, float)) and 0 <= tu["score"] <= 1):
            e("tool_use must be {passed: bool, score: 0..1}")
        faithful = lab["checks"]["description_faithfulness"]
        if (it.get("flaw") == "none") != faithful or not isinstance(it.get("flaw"), str) or not it["flaw"]:
            e("flaw must be 'none' exactly when faithfulness passes")
        if it.get("injection") is not None:
            e("injection must be null")
        if not isinstance(it.get("note"), str) or len(it["note"]) < 40:
            e("note missing")
        if not it["note"].startswith("PASS" if faithful else "FAIL"):
            e("note must open with the verdict")
    passes = sum(it["labels"]["checks"]["description_faithfulness"] for it in items if "labels" in it)
    if abs(passes - (len(items) - passes)) > 2:
        errs.append(f"faithfulness split {passes}/{len(items) - passes} is not about half")
    return errs


def main() -> int:
    if "--check" not in sys.argv[1:]:
        errs = check(ITEMS, ALIASES)
        if errs:
            print("\n".join(errs), file=sys.stderr)
            return 1
        with OUT.open("w", encoding="utf-8") as f:
            for it in ITEMS:
                f.write(json.dumps(it, ensure_ascii=False) + "\n")
    items = [json.loads(line) for line in OUT.read_text(encoding="utf-8").splitlines() if line.strip()]
    errs = check(items)
    if errs:
        print("\n".join(errs), file=sys.stderr)
        return 1
    passes = sum(it["labels"]["checks"]["description_faithfulness"] for it in items)
    print(f"{OUT.name}: {len(items)} items, faithfulness pass {passes} / fail {len(items) - passes}; checks ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
