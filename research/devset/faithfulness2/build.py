"""Build dev_faithfulness2.jsonl: 32 hand-labelled SmartShop trajectories for description faithfulness.

Standard library only. Every query, product record, trajectory, response and label is written out below.
The set is 16 query pairs over 8 domains: each pair shares query, trajectory and records; one member's
response is faithful throughout, the other is the same response with ONE realistic slip (the `edits` of
its SLIP entry, applied to the faithful text and written out beside it).

    python research/devset/faithfulness2/build.py        # writes the jsonl next to this file and checks it
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "dev_faithfulness2.jsonl"
TOOLS = {"product_search", "web_search", "python_execute"}
L2_KEYS = ("core_decision_axis", "logical_consistency", "actionable_next_step", "path_differentiation",
           "route_prioritization", "product_level_comparison", "risk_mitigation")
CHECK_KEYS = ("ui_format", "ui_trigger", "ui_relevance", "ui_completeness", "text_relevance",
              "description_faithfulness")
PID = re.compile(r"^PD_\d{8}$")
CARD = re.compile(r"<product>(.*?)</product>", re.S)


def P(pid, name, price, currency, category, **attributes):
    return {"id": pid, "name": name, "price": price, "currency": currency, "category": category,
            "attributes": attributes}


# ----------------------------------------------------------------------------------------------------------
# Product records (the "official information" every description is checked against)
# ----------------------------------------------------------------------------------------------------------
PRODUCTS = {p["id"]: p for p in [
    # audio
    P("PD_10234571", "Vantora Q50 Adaptive ANC Over-Ear Headphones", 149.99, "USD", "Headphones",
      brand="Vantora", anc="adaptive hybrid ANC", battery_hours_anc_on=50, battery_hours_anc_off=65,
      fast_charge="5 min charge = 4 h playback", weight_g=295, bluetooth="5.3", multipoint=True,
      codecs=["SBC", "AAC", "LDAC"], foldable=True, controls="physical buttons",
      call_features="6 microphones with AI call noise reduction",
      in_box=["hard carry case", "3.5 mm audio cable", "USB-C charging cable"]),
    P("PD_10234588", "Halden Aero 3 Wireless ANC Headphones", 179.00, "USD", "Headphones",
      brand="Halden", anc="hybrid ANC", battery_hours_anc_on=38, fast_charge="10 min charge = 5 h playback",
      weight_g=250, bluetooth="5.3", multipoint=True, codecs=["SBC", "AAC"], foldable=True,
      controls="touch panel on right ear cup", ear_cushions="memory foam, protein leather",
      call_features="4 beamforming microphones, wind-noise reduction, adjustable sidetone",
      in_box=["soft travel pouch", "3.5 mm audio cable", "USB-C charging cable"]),
    P("PD_10234593", "Kestrel NC700 Over-Ear Headphones", 119.99, "USD", "Headphones",
      brand="Kestrel", anc="hybrid ANC", battery_hours_anc_on=32, weight_g=268, bluetooth="5.2",
      multipoint=False, codecs=["SBC", "AAC"], foldable=False, call_features="4 microphones",
      in_box=["soft pouch", "3.5 mm audio cable", "USB-C charging cable"]),
    # running shoes
    P("PD_20481136", "Stridewell Cloudpath 4 Men's Road Running Shoe", 119.95, "USD", "Running Shoes",
      brand="Stridewell", midsole="supercritical EVA foam", heel_stack_mm=36, drop_mm=8,
      weight_g="285 (US 9)", upper="engineered mesh", widths=["D (standard)", "2E (wide)"],
      reflective_details=True, use="daily training"),
    P("PD_20481149", "Northpace Tempo Glide Men's Running Shoe", 99.99, "USD", "Running Shoes",
      brand="Northpace", midsole="EVA blend", heel_stack_mm=32, drop_mm=10, weight_g="270 (US 9)",
      upper="knit", widths=["D (standard)"], use="daily training, tempo runs"),
    P("PD_20481152", "Arrowfield Daily Cruise 2 Men's Running Shoe", 84.99, "USD", "Running Shoes",
      brand="Arrowfield", midsole="EVA", heel_stack_mm=30, drop_mm=6, weight_g="305 (US 9)", upper="mesh",
      widths=["D (standard)", "2E (wide)", "4E (extra wide)"], use="daily training, walking"),
    P("PD_20517703", "Ridgeback Trail GTX Women's Trail Running Shoe", 144.00, "USD", "Trail Running Shoes",
      brand="Ridgeback", waterproofing="GORE-TEX membrane", outsole="Vibram Megagrip", lug_depth_mm=5,
      drop_mm=6, weight_g="290 (US 7)", rock_plate=True, gaiter_trap=True),
    P("PD_20517718", "Fellrun Mudline WP Women's Trail Running Shoe", 129.99, "USD", "Trail Running Shoes",
      brand="Fellrun", waterproofing="Fellrun DryShield waterproof membrane", outsole="sticky rubber compound",
      lug_depth_mm=6, drop_mm=4, weight_g="275 (US 7)", rock_plate=False, lacing="quick-lace with lace garage"),
    P("PD_20517724", "Ridgeback Trail Women's Trail Running Shoe", 119.00, "USD", "Trail Running Shoes",
      brand="Ridgeback", waterproofing="none (breathable mesh upper)", outsole="Vibram Megagrip",
      lug_depth_mm=5, drop_mm=6, weight_g="270 (US 7)", rock_plate=True),
    # coffee
    P("PD_30310025", "Bellacrema Duo Espresso Machine with Steam Wand", 399.00, "USD", "Espresso Machines",
      brand="Bellacrema", pump_pressure_bar=15, heating="thermoblock", heat_up_time_s=45, portafilter_mm=54,
      water_tank_l=1.8, steam_wand="manual steam wand, 2-hole tip",
      in_box=["54 mm portafilter", "single and double baskets", "tamper"]),
    P("PD_30310052", "Bellacrema Uno Espresso Machine", 279.00, "USD", "Espresso Machines",
      brand="Bellacrema", pump_pressure_bar=15, heating="thermoblock", portafilter_mm=54, water_tank_l=1.5,
      steam_wand="none"),
    P("PD_30310031", "Grindwell C40 Conical Burr Grinder", 149.00, "USD", "Coffee Grinders",
      brand="Grindwell", burrs="40 mm stainless steel conical", grind_settings=30, adjustment="stepped",
      hopper_g=250, dosing="adjustable dosing timer", espresso_capable=True, weight_kg=2.2),
    P("PD_30322259", "Millrose Flat 64 Electric Grinder", 279.00, "USD", "Coffee Grinders",
      brand="Millrose", burrs="64 mm flat steel", adjustment="stepless", single_dose=True,
      hopper="single-dose cup, 80 g", retention_g="<0.2 (manufacturer figure)", espresso_capable=True,
      weight_kg=4.1),
    P("PD_30310047", "Lattecraft 600 ml Stainless Steel Milk Pitcher", 18.99, "USD", "Coffee Accessories",
      brand="Lattecraft", capacity_ml=600, material="304 stainless steel", interior_measurement_marks=True),
    # robot vacuums (DE)
    P("PD_40722810", "Cleanio R8 Pro Saug- und Wischroboter mit Absaugstation", 379.00, "EUR", "Saugroboter",
      marke="Cleanio", saugleistung_pa=5000, navigation="LiDAR", wischfunktion="vibrierendes Wischpad",
      absaugstation="2,5-L-Beutel, bis zu 60 Tage", hauptbuerste="Gummibürste, verhedderungsfrei",
      akkulaufzeit_min=180, app="Karten, No-Go-Zonen, Zeitpläne",
      sprachsteuerung="Amazon Alexa, Google Assistant"),
    P("PD_40722835", "Purilux S6 Saugroboter mit Wischfunktion und Absaugstation", 349.00, "EUR", "Saugroboter",
      marke="Purilux", saugleistung_pa=4000, navigation="LiDAR", wischfunktion="statisches Wischtuch",
      absaugstation="3-L-Beutel, bis zu 70 Tage", hauptbuerste="Kombibürste (Borsten und Gummi)",
      akkulaufzeit_min=150, app="Karten, No-Go-Zonen, Raumaufteilung", sprachsteuerung="keine"),
    P("PD_40731102", "Nexvac Mini 2 Saugroboter", 149.00, "EUR", "Saugroboter",
      marke="Nexvac", saugleistung_pa=2200, navigation="Gyroskop (systematische Bahnen)", hoehe_cm=7.2,
      staubbehaelter_l=0.45, akkulaufzeit_min=120, lautstaerke_db=62, app="Zeitpläne, Saugstufen"),
    P("PD_40731117", "Cleanio V3 Slim Saugroboter", 189.00, "EUR", "Saugroboter",
      marke="Cleanio", saugleistung_pa=2700, navigation="LiDAR", hoehe_cm=9.5, staubbehaelter_l=0.5,
      akkulaufzeit_min=130, lautstaerke_db=64, app="Karten, No-Go-Zonen, Zeitpläne"),
    # sunscreen (FR)
    P("PD_50218834", "Dermaline Solaire Fluide Visage SPF50+ Peau Sensible 50 ml", 17.90, "EUR", "Protection solaire",
      marque="Dermaline", spf="50+", sans_parfum=True, filtres="filtres organiques photostables",
      texture="fluide, fini invisible", resistante_eau=True, teintee=False, contenance_ml=50,
      conditionnement="tube", tests="sous contrôle dermatologique"),
    P("PD_50218851", "Dermaline Solaire Fluide Visage SPF50+ Peau Sensible Format Éco 100 ml", 29.90, "EUR",
      "Protection solaire", marque="Dermaline", spf="50+", sans_parfum=True,
      filtres="filtres organiques photostables", texture="fluide, fini invisible", resistante_eau=True,
      teintee=False, contenance_ml=100, conditionnement="flacon pompe", tests="sous contrôle dermatologique"),
    P("PD_50218849", "Aquasol Minéral Crème Visage SPF50 Teintée 40 ml", 22.50, "EUR", "Protection solaire",
      marque="Aquasol", spf="50", sans_parfum=True, filtres="100 % minéraux (oxyde de zinc)",
      texture="crème, teinte universelle", resistante_eau=False, teintee=True, contenance_ml=40,
      conditionnement="tube"),
    # camping (ES)
    P("PD_60145520", "Tienda de campaña Montaria Duo para 2 personas", 129.99, "EUR", "Tiendas de campaña",
      marca="Montaria", capacidad_personas=2, peso_kg=2.4, columna_agua_mm=3000, varillas="aluminio",
      puertas=2, absides=2, estaciones="3 estaciones"),
    P("PD_60145537", "Saco de dormir Boreal 5 °C tipo momia", 49.95, "EUR", "Sacos de dormir",
      marca="Boreal", temp_confort_c=5, temp_limite_c=0, relleno="fibra sintética", peso_kg=1.1,
      cremallera="izquierda o derecha; dos sacos se pueden unir"),
    P("PD_60145544", "Esterilla autohinchable Cumbre 5 cm", 39.90, "EUR", "Esterillas",
      marca="Cumbre", grosor_cm=5, valor_r=3.2, peso_kg=1.0, medidas="183 x 51 cm"),
    P("PD_60152208", "Tienda familiar Montaria Casa 4", 219.00, "EUR", "Tiendas de campaña",
      marca="Montaria", capacidad_personas=4, columna_agua_mm=4000, suelo="cosido, 10 000 mm", peso_kg=9.8,
      habitaciones=2, altura_interior_cm=195),
    P("PD_60152213", "Tienda Vientonorte Trek 4", 189.00, "EUR", "Tiendas de campaña",
      marca="Vientonorte", capacidad_personas=4, columna_agua_mm=3000, suelo="cosido, 5000 mm", peso_kg=6.9,
      habitaciones=1, altura_interior_cm=150),
    # laptops
    P("PD_70390014", "Corvin Air 14 Laptop (Ryzen 5 7530U, 16GB RAM, 512GB SSD)", 649.99, "USD", "Laptops",
      brand="Corvin", weight_kg=1.39, battery="up to 12 hours (local video playback)",
      display="14-inch 1920x1200 IPS, 300 nits", ram="16 GB", storage="512 GB SSD",
      ports="2x USB-C (1 with charging), 1x USB-A, HDMI 1.4, headphone jack", keyboard="backlit"),
    P("PD_70390029", "Lumora Book 15 Laptop (Core i5-1335U, 16GB RAM, 512GB SSD)", 749.00, "USD", "Laptops",
      brand="Lumora", weight_kg=1.65, battery="up to 10 hours", display="15.6-inch 1920x1080 IPS",
      ram="16 GB", storage="512 GB SSD", keyboard="backlit with number pad", fingerprint_reader=True,
      ports="1x USB-C (Thunderbolt 4), 2x USB-A, HDMI 2.0, microSD reader, headphone jack"),
    P("PD_70390033", "Tessel S13 Ultralight Laptop (Core i5-1340P, 16GB RAM, 1TB SSD)", 799.00, "USD", "Laptops",
      brand="Tessel", weight_kg=1.12, battery="up to 14 hours", display="13.3-inch 2560x1600, 400 nits",
      ram="16 GB LPDDR5 (soldered, not upgradable)", storage="1 TB SSD",
      ports="2x USB-C (Thunderbolt 4), headphone jack", keyboard="backlit"),
    # air fryers (ZH)
    P("PD_80563310", "厨乐 5.5L 可视空气炸锅 KF-55", 399.00, "CNY", "空气炸锅",
      品牌="厨乐", 容量="5.5 L", 功率="1500 W", 可视窗=True, 温度范围="80–200 °C",
      炸篮="不粘涂层，可拆卸，可放入洗碗机", 预设菜单=8),
    P("PD_80563326", "焙士 双篮空气炸锅 DZ-80", 699.00, "CNY", "空气炸锅",
      品牌="焙士", 容量="8 L（2 × 4 L 双篮）", 功率="2400 W", 双区独立控温=True, 同步完成功能=True, 可视窗=False,
      温度范围="40–200 °C", 炸篮="不粘涂层，可拆卸"),
    P("PD_80563331", "小能 4.5L 空气炸锅 AF-45", 259.00, "CNY", "空气炸锅",
      品牌="小能", 容量="4.5 L", 功率="1400 W", 可视窗=False, 温度范围="80–200 °C", 炸篮="不粘涂层，可拆卸"),
    P("PD_80571145", "美焙 静音可视空气炸锅 V5", 469.00, "CNY", "空气炸锅",
      品牌="美焙", 容量="5 L", 功率="1450 W", 可视窗=True, 运行噪音="52 dB（厂商标称）", 温度范围="80–200 °C",
      炸篮="不粘涂层，可拆卸"),
]}


# ----------------------------------------------------------------------------------------------------------
# Trajectory step helpers
# ----------------------------------------------------------------------------------------------------------
def R(text):
    return {"kind": "reasoning", "text": text}


def C(cid, name, **arguments):
    return {"kind": "tool_call", "name": name, "arguments": arguments, "call_id": cid}


def OP(cid, *ids):
    """A product_search observation: the records, as JSON text and as `products`."""
    recs = [PRODUCTS[i] for i in ids]
    return {"kind": "observation", "call_id": cid, "content": json.dumps({"products": recs}, ensure_ascii=False),
            "products": recs}


def OT(cid, text):
    """A web_search / python_execute observation (text only)."""
    return {"kind": "observation", "call_id": cid, "content": text}


ALL7 = dict.fromkeys(L2_KEYS, True)


def L2(**false):
    out = dict(ALL7)
    for k, v in false.items():
        assert k in out, k
        out[k] = v
    return out


ITEMS = []

# ==========================================================================================================
# Domain 1: headphones (EN)
# ==========================================================================================================
ITEMS.append(dict(
    ids=("dg-audio-01", "dg-audio-02"), slip_first=False,
    category="search_multi_constraint",
    query="I fly a lot for work. Looking for noise-cancelling over-ear headphones under $200 with at least "
          "30 hours of battery. Any suggestions?",
    steps=[
        R("Constraints: over-ear, ANC, price < $200, battery >= 30 h with ANC on. Frequent flyer, so "
          "portability (folding, case) and a wired option for in-flight entertainment matter too."),
        C("c1", "product_search", query="noise cancelling over-ear headphones", max_price=200,
          min_battery_hours=30),
        OP("c1", "PD_10234571", "PD_10234588", "PD_10234593"),
        R("Three candidates, all under $200 and >= 30 h with ANC on: Vantora Q50 (50 h, 295 g, folds, hard "
          "case), Halden Aero 3 (38 h, 250 g, folds, pouch), Kestrel NC700 (32 h, 268 g, no fold, no "
          "multipoint). Recommend Q50 first, Aero 3 for comfort, NC700 as budget."),
    ],
    response="""Great use case for noise cancelling — on a plane, what matters most is how well the headphones tame engine drone and whether the battery lasts a long-haul flight plus the layover. All three picks below are under $200 and rated for at least 30 hours with ANC on, so I've focused on what separates them: battery headroom, weight for long wear, and how travel-friendly they are.

**1. Vantora Q50 — best battery and best value ($149.99)**
<product>PD_10234571</product>
The Q50 is the endurance pick: up to 50 hours with its adaptive ANC switched on (65 hours with it off), and a 5-minute top-up gives you about 4 hours of playback if you forget to charge before heading to the airport. It folds and ships with a hard carry case plus a 3.5 mm cable, so you can plug into the seat-back entertainment system. LDAC support is a nice bonus if you listen on an Android phone. The trade-off is weight: at 295 g it's the heaviest of the three.

**2. Halden Aero 3 — lightest for long wear ($179.00)**
<product>PD_10234588</product>
At 250 g, the Aero 3 is the lightest option here, with memory-foam ear cushions wrapped in protein leather. Battery is 38 hours with ANC on — less than the Q50 but still plenty for a round trip — and 10 minutes of charging adds about 5 hours. It folds into a soft travel pouch rather than a hard case, and like the Q50 it supports multipoint, so it can stay connected to your laptop and phone at the same time.

**3. Kestrel NC700 — the budget pick ($119.99)**
<product>PD_10234593</product>
The NC700 clears your 30-hour bar with 32 hours of ANC playback and costs $30 less than the Q50. It uses hybrid ANC and includes a 3.5 mm cable for in-flight use. Bear in mind that it doesn't fold and doesn't support multipoint, so it takes more room in a bag and you'll have to switch between devices manually.

**Quick comparison**

| | Vantora Q50 | Halden Aero 3 | Kestrel NC700 |
|---|---|---|---|
| Price | $149.99 | $179.00 | $119.99 |
| Battery (ANC on) | 50 h | 38 h | 32 h |
| Weight | 295 g | 250 g | 268 g |
| Folds | Yes (hard case) | Yes (soft pouch) | No |

**My recommendation:** For frequent flying I'd go with the **Vantora Q50** — the biggest battery, a hard case that protects it in a packed carry-on, and the lower price of the two foldable models. If you wear headphones for entire long-haul flights and find heavier headsets tiring, the **Halden Aero 3** is worth the extra $29 for the lighter build. Choose the NC700 only if budget comes first and you don't mind a non-folding design.

One tip whichever you pick: keep the 3.5 mm cable in your seat pocket — many airlines' entertainment systems still need a wired connection.""",
    ok=dict(l2=L2(), note=(
        "Faithful. Every figure matches the records (50/65 h, 5 min = 4 h, 295 g; 38 h, 10 min = 5 h, 250 g, "
        "memory foam/protein leather, soft pouch, multipoint; 32 h, 268 g, no fold, no multipoint, hybrid ANC). "
        "'$30 less' (149.99-119.99) exact; 'extra $29' for 179.00-149.99 = 29.01 is a fair rounding. 'Tame "
        "engine drone' and the wired-IFE tip are general advice, not product claims. L2: decision axes stated up "
        "front (battery, weight, travel-friendliness), clear ranking with reasons, trade-offs named (weight, no "
        "fold), concrete next step: all seven pass.")),
    slip=dict(flaw="contradicted_feature", where="body", edits=[(
        "Bear in mind that it doesn't fold and doesn't support multipoint, so it takes more room in a bag and "
        "you'll have to switch between devices manually.",
        "It also supports multipoint, so it can stay paired to your laptop and phone at once; the main "
        "compromise is that it doesn't fold, so it takes more room in a bag.")],
        note=("Fails faithfulness: the NC700 paragraph says it supports multipoint, but its record has "
              "multipoint: false. One wrong feature claim in the body; everything else as in the faithful twin.")),
    tool_use=dict(passed=True, score=1.0),
))

ITEMS.append(dict(
    ids=("dg-audio-03", "dg-audio-04"), slip_first=True,
    category="qa_compare",
    query="Vantora Q50 vs Halden Aero 3 — which is better for my daily train commute and lots of work calls?",
    steps=[
        R("User compares two named headphones for commuting and calls. Look both up to get call features, "
          "battery, weight and price."),
        C("c1", "product_search", query="Vantora Q50 headphones"),
        OP("c1", "PD_10234571"),
        C("c2", "product_search", query="Halden Aero 3 headphones"),
        OP("c2", "PD_10234588"),
        R("Q50: 6 mics AI call NR, 50 h, 295 g, buttons, hard case, $149.99. Aero 3: 4 beamforming mics, wind "
          "reduction, sidetone, 38 h, 250 g, touch, pouch, $179. Both multipoint."),
    ],
    response="""Both are solid mid-range noise-cancelling headphones, but they lean in different directions. For a daily train commute with a lot of calls, I'd decide on three things: how clearly people hear you, how comfortable they are over several hours a day, and how often you'll need to charge.

<product>PD_10234571</product>
<product>PD_10234588</product>

**Call quality**
The Vantora Q50 uses 6 microphones with AI call noise reduction, which is designed to suppress the noise around you — useful on a busy platform or in a crowded carriage. The Halden Aero 3 has 4 beamforming microphones with wind-noise reduction and adjustable sidetone, so you can hear your own voice during a call and don't end up talking louder than you need to. Both support multipoint, so you can take a Teams call on your laptop and still get your phone's calls without re-pairing.

**Comfort and portability**
The Aero 3 is noticeably lighter (250 g vs 295 g) and has memory-foam cushions in protein leather, which helps if you wear them for a long commute every day. Both fold; the Aero 3 goes into a soft pouch, while the Q50 comes with a hard carry case that protects it better in a stuffed work bag.

**Battery**
Here the Q50 is the clear winner: up to 50 hours with ANC on versus 38 hours for the Aero 3. With two hours of commuting a day, that's roughly five working weeks between charges for the Q50 and just under four for the Aero 3 — either way you won't be charging often.

**Controls and price**
The Q50 uses physical buttons, the Aero 3 a touch panel on the right ear cup. The Q50 costs $149.99 and the Aero 3 $179.00, so the Halden is about $29 more.

| | Vantora Q50 | Halden Aero 3 |
|---|---|---|
| Microphones | 6, AI call noise reduction | 4 beamforming, wind reduction, sidetone |
| Battery (ANC on) | 50 h | 38 h |
| Weight | 295 g | 250 g |
| Case | Hard case | Soft pouch |
| Controls | Buttons | Touch |
| Price | $149.99 | $179.00 |

**Verdict**
If your calls mostly happen in noisy places and you want the longest battery for the money, go with the **Vantora Q50**. If comfort over long daily wear matters more — or you find yourself shouting on calls — the **Halden Aero 3**'s lighter build and sidetone are worth the extra cost. One thing to watch with the Aero 3: touch controls can be triggered by accident when you adjust the headphones in a packed train, so try them on a few commutes within the return window.

In short: Q50 for battery life, noise-suppressing call mics and value; Aero 3 for lightness and comfort.""",
    ok=dict(l2=L2(), note=(
        "Faithful. Mic descriptions, multipoint, weights, cushions, case/pouch, battery 50 vs 38 h, buttons vs "
        "touch and prices all match the records. 'Five working weeks' (50 h / 2 h = 25 days) and 'just under "
        "four' (19 days) are correct arithmetic. The accidental-touch caveat is general advice about touch "
        "controls, not a claim about a record field. L2: axes named first, sections compare the two, clear "
        "conditional verdict, a risk and a next step (test within return window): all seven pass.")),
    slip=dict(flaw="summary_contradicts_record", where="closing", edits=[(
        "In short: Q50 for battery life, noise-suppressing call mics and value; Aero 3 for lightness and comfort.",
        "In short: Q50 for noise-suppressing call mics and value; Aero 3 for lightness, comfort and the longer "
        "battery life.")],
        note=("Fails faithfulness: the closing one-line summary credits the Aero 3 with 'the longer battery "
              "life', but its record says 38 h vs the Q50's 50 h (the body had it right). A summary claim that "
              "contradicts the records is a misleading product description even when the body is correct.")),
    tool_use=dict(passed=True, score=1.0),
))

# ==========================================================================================================
# Domain 2: running shoes (EN)
# ==========================================================================================================
ITEMS.append(dict(
    ids=("dg-shoes-01", "dg-shoes-02"), slip_first=True,
    category="search_general",
    query="I'm just getting into running (3-4 times a week, mostly on roads). Can you recommend some cushioned "
          "men's running shoes?",
    steps=[
        R("Beginner, road, 3-4x/week, wants cushioning. Search men's cushioned road daily trainers; no price "
          "given, so show a spread."),
        C("c1", "product_search", query="men's cushioned road running shoes daily trainer beginner"),
        OP("c1", "PD_20481136", "PD_20481149", "PD_20481152"),
        R("Cloudpath 4: 36 mm heel stack, 8 mm drop, 285 g, D/2E, $119.95. Tempo Glide: 32 mm, 10 mm drop, "
          "270 g, D only, $99.99. Daily Cruise 2: 30 mm, 6 mm drop, 305 g, D/2E/4E, $84.99."),
    ],
    response="""Welcome to running! For three or four road runs a week, a well-cushioned daily trainer is exactly the right place to start. If you only look at one shoe, make it the Stridewell Cloudpath 4: it has the most cushioning of the three options below, with a 36 mm heel stack. I've also included a lighter alternative and a budget pick, and compared them on cushioning, fit and price.

**Stridewell Cloudpath 4 — best all-round cushioning ($119.95)**
<product>PD_20481136</product>
The Cloudpath uses a supercritical EVA foam midsole and an 8 mm heel-to-toe drop, a middle-of-the-road drop that most new runners adapt to easily. The engineered mesh upper keeps it breathable, it weighs 285 g in a US 9, and reflective details help if you run early in the morning or after dark. It comes in standard (D) and wide (2E) widths.

**Northpace Tempo Glide — lighter and a bit firmer ($99.99)**
<product>PD_20481149</product>
At 270 g (US 9) this is the lightest of the three. It has a 32 mm heel stack with an EVA blend midsole and a higher 10 mm drop, which many people coming from everyday sneakers find comfortable. The knit upper feels sock-like. It's designed for daily training and tempo runs, so it will still suit you once you start adding faster sessions. The catch: it only comes in standard (D) width.

**Arrowfield Daily Cruise 2 — budget and wide-foot pick ($84.99)**
<product>PD_20481152</product>
The Daily Cruise 2 has an EVA midsole with a 30 mm heel stack and a lower 6 mm drop. At 305 g it's the heaviest here, but it's also the cheapest and the only one offered in extra wide (4E) as well as D and 2E — a great choice if other shoes feel tight across the forefoot. It's also designed for walking, so it doubles as an everyday shoe.

| | Cloudpath 4 | Tempo Glide | Daily Cruise 2 |
|---|---|---|---|
| Price | $119.95 | $99.99 | $84.99 |
| Heel stack | 36 mm | 32 mm | 30 mm |
| Drop | 8 mm | 10 mm | 6 mm |
| Weight (US 9) | 285 g | 270 g | 305 g |
| Widths | D, 2E | D | D, 2E, 4E |

**Which one?**
- Want maximum comfort on every run: **Cloudpath 4**.
- Want something lighter that can handle faster runs later: **Tempo Glide**.
- On a budget or have wide feet: **Daily Cruise 2**.

A few beginner tips: try shoes on later in the day when your feet are slightly swollen, leave about a thumb's width of space in front of your longest toe, and build up gradually with run–walk intervals. Most running shoes need replacing after roughly 500–800 km.""",
    ok=dict(l2=L2(risk_mitigation=False), note=(
        "Faithful. Stack heights, drops, foams, uppers, US 9 weights, widths, reflective details, intended uses "
        "and prices all match the records; 'lightest'/'heaviest'/'cheapest'/'only one in 4E' are true. 'Keeps it "
        "breathable' (mesh) and 'feels sock-like' (knit) are loose characterisations of recorded uppers, not "
        "invented features: borderline, decided pass. Fit and replacement tips are general advice. L2: axes stated (cushioning, fit, price), clear top pick and "
        "per-need routing, product-level reasons; trade-offs appear only as one-line product notes ('the "
        "catch: D only', 'heaviest') rather than a developed risk discussion, so risk_mitigation fails on the "
        "strong-evidence rule.")),
    slip=dict(flaw="wrong_spec", where="opening", edits=[(
        "it has the most cushioning of the three options below, with a 36 mm heel stack.",
        "it has the most cushioning of the three options below, with a 40 mm heel stack.")],
        note=("Fails faithfulness: the opening paragraph gives the Cloudpath 4 a 40 mm heel stack; its record "
              "says 36 mm (the table further down still says 36 mm). A spec slightly wrong in the opening.")),
    tool_use=dict(passed=True, score=1.0),
))

ITEMS.append(dict(
    ids=("dg-shoes-03", "dg-shoes-04"), slip_first=False,
    category="search_multi_constraint",
    query="Need women's trail running shoes that are waterproof and grip well in mud. Budget under $150.",
    steps=[
        R("Constraints: women's, trail, waterproof, mud grip (lug depth / outsole), < $150."),
        C("c1", "product_search", query="women's waterproof trail running shoes mud grip", max_price=150,
          gender="women"),
        OP("c1", "PD_20517703", "PD_20517718", "PD_20517724"),
        R("Ridgeback Trail (non-GTX) is not waterproof: drop it. Ridgeback Trail GTX ($144, GORE-TEX, Megagrip, "
          "5 mm lugs, rock plate) and Fellrun Mudline WP ($129.99, DryShield, 6 mm lugs, no rock plate) fit."),
    ],
    response="""For muddy, wet trails two things make the biggest difference: the outsole (how deep the lugs are and how sticky the rubber is) and a waterproof membrane that keeps your feet dry through puddles and wet grass. Both shoes below are waterproof and come in under your $150 budget.

**Ridgeback Trail GTX — best all-rounder ($144.00)**
<product>PD_20517703</product>
A GORE-TEX membrane handles the waterproofing, and the Vibram Megagrip outsole has 5 mm lugs. It also has a rock plate to protect your feet on stony paths and a gaiter trap if you want to add gaiters on really sloppy days. It weighs 290 g (US 7) with a 6 mm drop.

**Fellrun Mudline WP — the mud specialist ($129.99)**
<product>PD_20517718</product>
Fellrun's own DryShield waterproof membrane keeps water out, and the sticky rubber outsole has 6 mm lugs. It has a lower 4 mm drop, weighs 275 g (US 7) and uses a quick-lace system with a lace garage, so there are no laces to come undone in the mud. There's no rock plate, though.

**How they compare**
In deep mud, the Mudline's slightly deeper 6 mm lugs (vs 5 mm) give it a small edge for biting into soft ground. The Ridgeback's Megagrip rubber and rock plate make it the better choice if your routes mix mud with rock, roots and gravel. The Mudline is also 15 g lighter and about $14 cheaper.

| | Ridgeback Trail GTX | Fellrun Mudline WP |
|---|---|---|
| Price | $144.00 | $129.99 |
| Membrane | GORE-TEX | DryShield |
| Lug depth | 5 mm | 6 mm |
| Rock plate | Yes | No |
| Drop | 6 mm | 4 mm |
| Weight (US 7) | 290 g | 275 g |

**My pick:** if your runs are mostly soft, muddy trails, go for the **Fellrun Mudline WP**. If you also hit rocky or technical terrain, the **Ridgeback Trail GTX** is worth the extra money for the rock plate.

Two things to keep in mind: waterproof shoes run warmer than mesh ones in summer, and once water comes in over the collar (in a deep stream crossing, say) a membrane also slows down drying. If you're used to a higher drop, ease into the Mudline's 4 mm drop with shorter runs first.""",
    ok=dict(l2=L2(), note=(
        "Faithful. Membranes, outsoles, 5/6 mm lugs, rock plate yes/no, gaiter trap, quick-lace with lace "
        "garage, drops, US 7 weights and prices match; '15 g lighter' and 'about $14 cheaper' (14.01) are "
        "correct. 'Slightly deeper ... small edge' is a fair characterisation of 6 vs 5 mm. The non-waterproof "
        "Ridgeback Trail that the search also returned is not mentioned, so it needs no card. Warmth/drying "
        "and drop-adaptation remarks are general advice. L2: all seven pass (axes first, comparison section, "
        "conditional pick, explicit trade-offs).")),
    slip=dict(flaw="overstated_comparison", where="comparison", edits=[(
        "In deep mud, the Mudline's slightly deeper 6 mm lugs (vs 5 mm) give it a small edge for biting into "
        "soft ground.",
        "In deep mud, the Mudline's 6 mm lugs — nearly twice as deep as the Ridgeback's — give it a clear edge "
        "for biting into soft ground.")],
        note=("Fails faithfulness (borderline by kind, decided fail): the comparison says the Mudline's lugs are "
              "'nearly twice as deep' as the Ridgeback's; the records give 6 mm vs 5 mm (20% deeper). Each "
              "number elsewhere is right, but this comparative claim misstates the records' relation and is "
              "exactly the misleading characterisation the definition names.")),
    tool_use=dict(passed=True, score=1.0),
))

# ==========================================================================================================
# Domain 3: home espresso (EN)
# ==========================================================================================================
ITEMS.append(dict(
    ids=("dg-coffee-01", "dg-coffee-02"), slip_first=False,
    category="search_bundle",
    query="I want to put together a complete home espresso setup for under $600 — machine, grinder and whatever "
          "else I need for milk drinks.",
    steps=[
        R("Bundle under $600: espresso machine with steam wand (milk drinks), espresso-capable grinder, milk "
          "pitcher. Keep the machine around $400 so the grinder fits."),
        C("c1", "product_search", query="espresso machine with steam wand", max_price=450),
        OP("c1", "PD_30310025", "PD_30310052"),
        C("c2", "product_search", query="burr grinder for espresso", max_price=200),
        OP("c2", "PD_30310031"),
        C("c3", "product_search", query="milk frothing pitcher stainless steel"),
        OP("c3", "PD_30310047"),
        R("Uno has no steam wand, so the Duo ($399) is the machine. Grinder C40 $149, pitcher $18.99. Check "
          "the total."),
        C("c4", "python_execute", code="items = {'Bellacrema Duo': 399.00, 'Grindwell C40': 149.00, "
                                       "'Lattecraft pitcher': 18.99}\ntotal = sum(items.values())\n"
                                       "print(round(total, 2), round(600 - total, 2))"),
        OT("c4", "566.99 33.01"),
        R("Total $566.99, $33.01 left under the budget."),
    ],
    response="""A home espresso setup for milk drinks needs three things: a machine with a steam wand, a grinder that can grind fine and consistently enough for espresso, and a milk pitcher for steaming. Here's a set that covers all three and stays under $600 — with most of the money going to the machine and the grinder, because those two decide how good your coffee tastes.

**The machine: Bellacrema Duo Espresso Machine — $399.00**
<product>PD_30310025</product>
The Duo has a 15-bar pump and a thermoblock heater that's ready in about 45 seconds, so it suits a quick morning latte. The manual steam wand with a 2-hole tip lets you texture milk yourself, which is what you want for lattes and cappuccinos. It has a 1.8 L water tank and comes with a 54 mm portafilter, single and double baskets and a tamper, so you can start pulling shots straight out of the box.

**The grinder: Grindwell C40 Conical Burr Grinder — $149.00**
<product>PD_30310031</product>
Pre-ground coffee is the most common reason home espresso tastes flat, so a proper burr grinder is worth the money. The C40 has 40 mm stainless steel conical burrs and 30 grind settings, is suitable for espresso, and has an adjustable dosing timer so you can grind roughly the same amount each time. The 250 g hopper holds enough beans for several days.

**For the milk: Lattecraft 600 ml Stainless Steel Milk Pitcher — $18.99**
<product>PD_30310047</product>
A 600 ml pitcher in 304 stainless steel is a comfortable size for one or two milk drinks, and the measuring marks inside help you pour the right amount of milk every time.

**The complete bundle**
<product>PD_30310025,PD_30310031,PD_30310047</product>

| Item | Price |
|---|---|
| Bellacrema Duo | $399.00 |
| Grindwell C40 | $149.00 |
| Lattecraft pitcher | $18.99 |
| **Total** | **$566.99** |

**Getting started:** dial in the grinder first — start in the finer part of the range and adjust until a double shot runs in about 25–30 seconds. Use fresh beans (roasted within the last few weeks) and purge the steam wand before and after each use.

**Summary:** the whole setup comes to $566.99, about $33 under your budget — enough for a bag or two of good beans to get you started.""",
    ok=dict(l2=L2(path_differentiation=False, product_level_comparison=False), note=(
        "Faithful. 15 bar, thermoblock, 45 s heat-up, 2-hole manual wand, 1.8 L, in-box items; C40 burrs, 30 "
        "settings, dosing timer, 250 g hopper; pitcher 600 ml, 304 steel, marks; all prices match. Total "
        "$566.99 matches the python_execute output; 'about $33' rounds $33.01. The search also returned the "
        "Bellacrema Uno (no steam wand); the answer does not mention it, so it needs no card. 'Several days' for a 250 g hopper is a usage estimate, not a spec. L2: axes clear (machine and "
        "grinder matter most), consistent, concrete next steps, prioritised budget split, dial-in cautions; no "
        "alternatives compared per slot (one product each), so path_differentiation "
        "and product_level_comparison fail.")),
    slip=dict(flaw="wrong_total", where="closing", edits=[(
        "**Summary:** the whole setup comes to $566.99, about $33 under your budget",
        "**Summary:** the whole setup comes to $556.99, about $43 under your budget")],
        note=("Fails faithfulness: the closing summary states the bundle total as $556.99 ($43 spare); the "
              "records' prices sum to $566.99 (as python_execute printed and the table shows). A wrong computed "
              "figure about the recommended products misstates their price, so it is a description error; the "
              "true total is still under $600, so no constraint is violated.")),
    tool_use=dict(passed=True, score=1.0),
))

ITEMS.append(dict(
    ids=("dg-coffee-03", "dg-coffee-04"), slip_first=True,
    category="qa_compare",
    query="Grindwell C40 or Millrose Flat 64 — which grinder should I buy if I make espresso on weekdays and "
          "pour-over on weekends?",
    steps=[
        R("Compare two named grinders for a user who switches between espresso and pour-over every week."),
        C("c1", "product_search", query="Grindwell C40 grinder"),
        OP("c1", "PD_30310031"),
        C("c2", "product_search", query="Millrose Flat 64 grinder"),
        OP("c2", "PD_30322259"),
        R("C40: 40 mm conical, 30 stepped settings, 250 g hopper, dosing timer, $149. Flat 64: 64 mm flat, "
          "stepless, single-dose, <0.2 g retention claimed, 4.1 kg, $279."),
    ],
    response="""Switching between espresso and pour-over every week is the key detail here, because it's the thing grinders differ on most. Espresso needs very fine, precise adjustments; pour-over needs a much coarser setting; and every time you switch, you want to get back to a good setting quickly without wasting beans. So I'd compare these two on adjustment, how well they handle switching, and price.

<product>PD_30310031</product>
<product>PD_30322259</product>

**Grindwell C40 — $149.00**
The C40 has 40 mm stainless steel conical burrs and 30 stepped grind settings. Steps make switching easy — note the number for espresso and the number for pour-over and jump between them — but with fixed steps you may find the "perfect" espresso setting falls between two clicks. It has a 250 g hopper and an adjustable dosing timer, so it's convenient if you mostly drink the same coffee day to day.

**Millrose Flat 64 — $279.00**
The Millrose uses 64 mm flat steel burrs with stepless adjustment, so you can fine-tune espresso as precisely as you like. It's built for single dosing: you weigh the beans for each cup into an 80 g single-dose cup, and the manufacturer quotes retention under 0.2 g, meaning very little old coffee is left in the grinder when you change settings or beans. At 4.1 kg it's a heavier, more substantial machine.

**How they compare for your routine**
- **Switching:** the C40's numbered steps are quicker to return to; with the Millrose's stepless dial you'll want to mark your two settings.
- **Espresso precision:** the Millrose wins thanks to stepless adjustment.
- **Changing settings or beans:** single dosing and low retention make the Millrose better at it; with the C40's hopper, expect to purge a little coffee after a big change.
- **Price:** the C40 is $130 cheaper.

**Recommendation**
If you're serious about espresso and like trying different beans at the weekend, the **Millrose Flat 64** fits your routine better and is worth the extra $130. If you want a simple, affordable grinder and mostly drink one coffee, the **Grindwell C40** will do the job well — just budget a few grams of purge when you switch. Either way, note down your espresso and pour-over settings once you've dialled them in.""",
    ok=dict(l2=L2(), note=(
        "Faithful. 40 mm conical, 30 stepped settings, 250 g hopper, dosing timer, $149; 64 mm flat, stepless, "
        "single-dose 80 g cup, retention <0.2 g attributed to the manufacturer as the record does, 4.1 kg, $279; "
        "'$130 cheaper' correct. Remarks on stepped vs stepless and purging are general grinder knowledge "
        "applied to recorded features, not new product claims. L2: all seven pass.")),
    slip=dict(flaw="wrong_spec", where="body", edits=[(
        "The C40 has 40 mm stainless steel conical burrs and 30 stepped grind settings.",
        "The C40 has 40 mm stainless steel conical burrs and 40 stepped grind settings.")],
        note=("Fails faithfulness: the C40 paragraph says 40 grind settings; the record says 30 (40 is the burr "
              "size, a typical mix-up). A spec slightly wrong in the body.")),
    tool_use=dict(passed=True, score=1.0),
))

# ==========================================================================================================
# Domain 4: robot vacuums (DE)
# ==========================================================================================================
ITEMS.append(dict(
    ids=("dg-robovac-01", "dg-robovac-02"), slip_first=False,
    category="search_multi_constraint",
    query="Ich habe zwei Katzen und suche einen Saugroboter mit Wischfunktion und Absaugstation, maximal 400 €. "
          "Was könnt ihr empfehlen?",
    steps=[
        R("Anforderungen: Saug- und Wischroboter, Absaugstation, <= 400 €, Tierhaare (zwei Katzen) -> "
          "verhedderungsfreie Bürste und viel Saugleistung wichtig."),
        C("c1", "product_search", query="Saugroboter Wischfunktion Absaugstation Tierhaare", max_price=400,
          currency="EUR"),
        OP("c1", "PD_40722810", "PD_40722835"),
        R("R8 Pro 379 €: 5000 Pa, Gummibürste, vibrierendes Wischpad, 2,5 L / 60 Tage, 180 min, Alexa/Google. "
          "S6 349 €: 4000 Pa, Kombibürste, statisches Wischtuch, 3 L / 70 Tage, 150 min, keine Sprachsteuerung."),
    ],
    response="""Mit zwei Katzen kommt es bei einem Saugroboter vor allem auf drei Dinge an: eine Bürste, in der sich Haare nicht ständig verheddern, genug Saugkraft für Haare in Ritzen und auf Teppichen, und eine Absaugstation, damit du den Behälter nicht nach jeder Fahrt leeren musst. Beide Modelle unten erfüllen deine Vorgaben — Wischfunktion, Absaugstation und unter 400 €.

**Cleanio R8 Pro — meine Empfehlung für Tierhaushalte (379 €)**
<product>PD_40722810</product>
Der R8 Pro hat 5000 Pa Saugleistung und eine verhedderungsfreie Gummibürste — genau das, was man bei Katzenhaaren will. Gewischt wird mit einem vibrierenden Wischpad, das angetrocknete Pfotenabdrücke besser löst als ein einfaches Tuch. Die Absaugstation nimmt einen 2,5-Liter-Beutel auf, der laut Hersteller bis zu 60 Tage reicht. Mit bis zu 180 Minuten Akkulaufzeit schafft er auch größere Wohnungen in einem Durchgang, und dank LiDAR-Navigation fährt er planvoll statt im Zickzack.

**Purilux S6 — die günstigere Alternative (349 €)**
<product>PD_40722835</product>
Der S6 kommt auf 4000 Pa und nutzt eine Kombibürste aus Borsten und Gummi. Er wischt mit einem statischen Wischtuch — für regelmäßiges Feuchtwischen in Ordnung, bei hartnäckigen Flecken aber weniger gründlich. Dafür ist die Station mit 3-Liter-Beutel etwas größer (bis zu 70 Tage), und der Akku hält bis zu 150 Minuten. Auch er navigiert per LiDAR.

**Direkter Vergleich**
Beide lassen sich per App steuern, mit Karten und No-Go-Zonen — praktisch, um Futter- und Wassernäpfe auszusparen. Sprachsteuerung (Amazon Alexa, Google Assistant) bietet nur der R8 Pro. Für Katzenhaare ist der R8 Pro mit 1000 Pa mehr Saugleistung und reiner Gummibürste klar im Vorteil; der S6 punktet mit dem größeren Beutel und dem um 30 € niedrigeren Preis.

| | Cleanio R8 Pro | Purilux S6 |
|---|---|---|
| Preis | 379 € | 349 € |
| Saugleistung | 5000 Pa | 4000 Pa |
| Hauptbürste | Gummi, verhedderungsfrei | Borsten + Gummi |
| Wischen | vibrierendes Pad | statisches Tuch |
| Absaugstation | 2,5 L, bis 60 Tage | 3 L, bis 70 Tage |
| Akku | bis 180 min | bis 150 min |

**Fazit:** Für einen Haushalt mit zwei Katzen würde ich zum **Cleanio R8 Pro** greifen — die 30 € Aufpreis lohnen sich wegen Bürste und Saugkraft. Der **Purilux S6** ist eine gute Wahl, wenn dir der Preis wichtiger ist.

Ein Tipp noch: Richte die No-Go-Zonen um Katzenklo und Näpfe gleich beim ersten Kartieren ein, und kontrolliere den Boden vor dem Start auf Haarballen oder Erbrochenes — darüber sollte kein Roboter fahren.""",
    ok=dict(l2=L2(), note=(
        "Faithful. 5000/4000 Pa, Gummi- vs Kombibürste, vibrierendes Pad vs statisches Tuch, 2,5 L/60 Tage vs "
        "3 L/70 Tage, 180/150 min, LiDAR, App mit Karten und No-Go-Zonen, Sprachsteuerung nur beim R8 Pro, "
        "Preise; '1000 Pa mehr' und '30 € Aufpreis' stimmen. 'Löst angetrocknete Pfotenabdrücke besser als ein "
        "einfaches Tuch' is a general comparison of mop types, not a recorded spec: borderline, decided pass "
        "(it characterises the recorded vibrating pad without inventing a feature). L2: all seven pass.")),
    slip=dict(flaw="contradicted_feature", where="comparison", edits=[(
        "Beide lassen sich per App steuern, mit Karten und No-Go-Zonen — praktisch, um Futter- und Wassernäpfe "
        "auszusparen. Sprachsteuerung (Amazon Alexa, Google Assistant) bietet nur der R8 Pro.",
        "Beide lassen sich per App mit Karten und No-Go-Zonen steuern — praktisch, um Futter- und Wassernäpfe "
        "auszusparen — und beide unterstützen Sprachsteuerung über Amazon Alexa und Google Assistant.")],
        note=("Fails faithfulness: the comparison says both robots support Alexa and Google Assistant; the "
              "Purilux S6 record says sprachsteuerung: keine. One feature claim extended to the wrong product "
              "in the comparison section.")),
    tool_use=dict(passed=True, score=1.0),
))

ITEMS.append(dict(
    ids=("dg-robovac-03", "dg-robovac-04"), slip_first=True,
    category="search_general",
    query="Ich suche einen günstigen Saugroboter für meine kleine Wohnung (ca. 50 m², nur Hartböden).",
    steps=[
        R("Kleine Wohnung, Hartböden, günstig: einfache Saugroboter im Bereich 150–200 € suchen."),
        C("c1", "product_search", query="Saugroboter günstig kleine Wohnung Hartboden", max_price=200,
          currency="EUR"),
        OP("c1", "PD_40731102", "PD_40731117"),
        R("Nexvac Mini 2: 149 €, 2200 Pa, Gyroskop, 7,2 cm hoch, 0,45 L, 120 min, 62 dB. Cleanio V3 Slim: "
          "189 €, 2700 Pa, LiDAR, 9,5 cm, 0,5 L, 130 min, 64 dB, No-Go-Zonen."),
    ],
    response="""Für 50 m² Hartboden brauchst du kein High-End-Gerät: Schon der Nexvac Mini 2 für 149 € bringt mit 2200 Pa genug Saugleistung für Staub, Krümel und Haare auf glatten Böden mit. Ich stelle dir zwei günstige Modelle vor.

**Nexvac Mini 2 — der Preis-Tipp (149 €)**
<product>PD_40731102</product>
Der Mini 2 fährt mit Gyroskop-Navigation in systematischen Bahnen, also nicht wild im Zufallsprinzip. Mit nur 7,2 cm Höhe passt er unter viele Betten und Sofas. Der Akku hält bis zu 120 Minuten — für 50 m² mehr als genug —, der Staubbehälter fasst 0,45 Liter. Mit 62 dB ist er das leisere der beiden Geräte. Per App kannst du Zeitpläne und Saugstufen einstellen.

**Cleanio V3 Slim — mit Raumkarte (189 €)**
<product>PD_40731117</product>
Der V3 Slim bietet 2700 Pa und LiDAR-Navigation. Der Vorteil: Er erstellt eine Karte deiner Wohnung, und in der App kannst du No-Go-Zonen festlegen, etwa um Kabel unter dem Schreibtisch. Akku bis 130 Minuten, Staubbehälter 0,5 Liter, 64 dB. Allerdings ist er mit 9,5 cm deutlich höher als der Mini 2 — miss am besten vorher nach, ob er unter deine Möbel passt.

| | Nexvac Mini 2 | Cleanio V3 Slim |
|---|---|---|
| Preis | 149 € | 189 € |
| Navigation | Gyroskop | LiDAR mit Karte |
| Höhe | 7,2 cm | 9,5 cm |
| Akku | bis 120 min | bis 130 min |
| Lautstärke | 62 dB | 64 dB |

**Meine Empfehlung:** Für eine kleine Wohnung mit Hartböden reicht der **Nexvac Mini 2** völlig und spart dir 40 €. Nimm den **Cleanio V3 Slim**, wenn du bestimmte Bereiche gezielt aussperren möchtest oder die Wohnung verwinkelt ist.

Kleiner Tipp: Räume vor dem ersten Durchgang Kabel und Socken vom Boden und leere den Behälter nach jeder Fahrt — kleine Behälter sind schnell voll.""",
    ok=dict(l2=L2(core_decision_axis=False, risk_mitigation=False), note=(
        "Faithful. 149/189 €, 2200/2700 Pa, Gyroskop in Bahnen vs LiDAR mit Karte und No-Go-Zonen, 7,2/9,5 cm, "
        "120/130 min, 0,45/0,5 L, 62/64 dB, App-Funktionen all match; '40 € sparen' and 'das leisere' are "
        "correct. 'Passt unter viele Betten' is a usage inference from the recorded height, not a spec. L2: no "
        "decision criteria are set out before the options (the opening only says a cheap device is enough), so "
        "core_decision_axis fails; the height caveat for the V3 is a one-line product note and the closing tip "
        "is housekeeping, so risk_mitigation fails on the strong-evidence rule; the rest pass.")),
    slip=dict(flaw="wrong_spec", where="opening", edits=[(
        "Schon der Nexvac Mini 2 für 149 € bringt mit 2200 Pa genug Saugleistung",
        "Schon der Nexvac Mini 2 für 149 € bringt mit 2500 Pa genug Saugleistung")],
        note=("Fails faithfulness: the opening paragraph gives the Nexvac Mini 2 2500 Pa; its record says "
              "2200 Pa (the suction is not repeated later in the answer). A spec slightly wrong in the opening.")),
    tool_use=dict(passed=True, score=1.0),
))

# ==========================================================================================================
# Domain 5: face sunscreen (FR)
# ==========================================================================================================
ITEMS.append(dict(
    ids=("dg-solaire-01", "dg-solaire-02"), slip_first=True,
    category="search_multi_constraint",
    query="Je cherche une crème solaire visage SPF 50 pour peau sensible, sans parfum, à moins de 25 €.",
    steps=[
        R("Contraintes : visage, SPF 50 (ou 50+), peau sensible, sans parfum, < 25 €."),
        C("c1", "product_search", query="crème solaire visage SPF 50 peau sensible sans parfum", max_price=25,
          currency="EUR"),
        OP("c1", "PD_50218834", "PD_50218849"),
        R("Dermaline fluide SPF50+ 17,90 € (filtres organiques, résistante à l'eau, non teintée, 50 ml). "
          "Aquasol minéral SPF50 teintée 22,50 € (oxyde de zinc, non résistante à l'eau, 40 ml)."),
    ],
    response="""Pour une peau sensible, les deux critères qui comptent le plus sont l'absence de parfum (une des causes fréquentes de réactions) et une texture que vous aurez envie de remettre plusieurs fois par jour. J'ai trouvé deux soins visage SPF 50 sans parfum sous les 25 €, avec des approches différentes : filtres organiques ou filtres 100 % minéraux.

**Dermaline Solaire Fluide Visage SPF50+ Peau Sensible — 17,90 € (50 ml)**
<product>PD_50218834</product>
Un fluide au fini invisible, idéal sous le maquillage ou pour les peaux qui n'aiment pas les textures riches. Il utilise des filtres organiques photostables, il est sans parfum et testé sous contrôle dermatologique. Point fort pour l'été : il est résistant à l'eau, pratique à la plage ou en cas de transpiration.

**Aquasol Minéral Crème Visage SPF50 Teintée — 22,50 € (40 ml)**
<product>PD_50218849</product>
Si vous préférez les filtres minéraux, celle-ci protège uniquement avec de l'oxyde de zinc. C'est une crème teintée (teinte universelle), ce qui évite l'effet blanc souvent reproché aux filtres minéraux et unifie un peu le teint. Elle est sans parfum, mais elle n'est pas résistante à l'eau : pour la baignade, il faudra réappliquer systématiquement en sortant de l'eau.

**En résumé**

| | Dermaline Fluide | Aquasol Minéral |
|---|---|---|
| Prix | 17,90 € (50 ml) | 22,50 € (40 ml) |
| Indice | SPF50+ | SPF50 |
| Filtres | organiques photostables | 100 % minéraux (oxyde de zinc) |
| Texture | fluide, fini invisible | crème teintée |
| Résistante à l'eau | oui | non |

Mon conseil : pour un usage quotidien et les vacances, le **Dermaline** est le meilleur rapport qualité-prix, et il offre plus de produit pour moins cher. Choisissez l'**Aquasol** si votre peau tolère mal les filtres organiques ou si vous aimez un léger effet bonne mine. Les deux sont sans parfum ; seul le Dermaline est résistant à l'eau.

Quel que soit votre choix, appliquez l'équivalent de deux doigts de produit sur le visage et le cou, et renouvelez toutes les deux heures en plein soleil.""",
    ok=dict(l2=L2(), note=(
        "Faithful. SPF50+/SPF50, sans parfum, filtres organiques photostables vs oxyde de zinc, fluide fini "
        "invisible vs crème teintée universelle, résistante à l'eau oui/non, tests dermatologiques (Dermaline "
        "only, as stated), contenances and prix all match. 'Évite l'effet blanc souvent reproché aux filtres "
        "minéraux' explains why a tint helps, it does not add a spec, and 'idéal sous le maquillage' / 'unifie "
        "un peu le teint' are usage characterisations of the recorded fluid and tinted textures: borderline, "
        "decided pass. 'Plus de "
        "produit pour moins cher' is true (50 ml at 17,90 € vs 40 ml at 22,50 €). L2: all seven pass.")),
    slip=dict(flaw="summary_contradicts_record", where="closing", edits=[(
        "Les deux sont sans parfum ; seul le Dermaline est résistant à l'eau.",
        "Les deux sont sans parfum et résistants à l'eau.")],
        note=("Fails faithfulness: the closing advice says both products are water resistant; the Aquasol record "
              "says resistante_eau: false (and the body and table said so). A summary sentence that contradicts "
              "the record, on a point that matters for a beach user.")),
    tool_use=dict(passed=True, score=1.0),
))

ITEMS.append(dict(
    ids=("dg-solaire-03", "dg-solaire-04"), slip_first=False,
    category="qa_compare",
    query="Pour le fluide solaire Dermaline SPF50+ peau sensible, vaut-il mieux prendre le tube de 50 ml ou le "
          "format 100 ml ? Lequel est le plus économique ?",
    steps=[
        R("Comparer les deux formats Dermaline : prix au ml et économie réelle."),
        C("c1", "product_search", query="Dermaline Solaire Fluide Visage SPF50+ Peau Sensible"),
        OP("c1", "PD_50218834", "PD_50218851"),
        C("c2", "python_execute", code="a, b = 17.90 / 50, 29.90 / 100\n"
                                       "print(round(a, 3), round(b, 3), round((1 - b / a) * 100, 1), "
                                       "round(2 * 17.90 - 29.90, 2))"),
        OT("c2", "0.358 0.299 16.5 5.9"),
        R("50 ml : 0,358 €/ml ; 100 ml : 0,299 €/ml ; 16,5 % moins cher ; deux tubes = 35,80 €, soit 5,90 € "
          "de plus que le 100 ml."),
    ],
    response="""Bonne question, car la formule est la même dans les deux cas : même fluide SPF50+ sans parfum, aux filtres organiques photostables, résistant à l'eau et au fini invisible. La différence tient au prix, au contenant et à la vitesse à laquelle vous finirez le produit.

<product>PD_50218834</product>
<product>PD_50218851</product>

**Le prix au millilitre**
Le tube de 50 ml coûte 17,90 € et le format Éco de 100 ml 29,90 €. Le format 100 ml revient à 0,30 €/ml, contre 0,36 €/ml pour le tube de 50 ml, soit environ 16 % de moins. Concrètement, acheter deux tubes de 50 ml vous coûterait 35,80 €, soit 5,90 € de plus qu'un seul flacon de 100 ml.

**Le contenant**
Le 50 ml est un tube, facile à glisser dans un sac ou une poche pour les retouches dans la journée. Le 100 ml est un flacon pompe : plus pratique à la maison pour doser, mais plus encombrant à emporter.

**Ce qu'il faut garder en tête**
Une crème solaire ouverte ne se garde pas indéfiniment : vérifiez le pictogramme « pot ouvert » (PAO) sur l'emballage, qui indique en général 6 à 12 mois. Si vous n'utilisez de la crème que pendant deux semaines de vacances, vous risquez de ne pas finir 100 ml avant qu'il ne soit trop vieux, et l'économie disparaît.

**Mon conseil**
- Vous en mettez tous les jours, ou vous êtes plusieurs à l'utiliser : prenez le **format Éco 100 ml**, clairement plus économique.
- Vous l'utilisez surtout en vacances ou pour les retouches en journée : le **tube de 50 ml** suffit et se transporte partout.

Astuce : certains combinent les deux — le 100 ml reste à la maison pour l'application du matin, et un tube de 50 ml voyage dans le sac.""",
    ok=dict(l2=L2(), note=(
        "Faithful. Shared formula attributes (SPF50+, sans parfum, filtres organiques photostables, résistant à "
        "l'eau, fini invisible) are in both records; prices, tube vs flacon pompe match. Unit costs 0,36 and "
        "0,30 €/ml, '16 % de moins', 35,80 € and 5,90 € agree with the python_execute output (rounded). The "
        "PAO 6-12 months line is general advice read off the packaging symbol, not a claim about this product's "
        "shelf life. L2: all seven pass.")),
    slip=dict(flaw="wrong_unit_cost", where="body", edits=[(
        "Le format 100 ml revient à 0,30 €/ml, contre 0,36 €/ml pour le tube de 50 ml, soit environ 16 % de moins.",
        "Le format 100 ml revient à 0,30 €/ml, contre 0,42 €/ml pour le tube de 50 ml, soit environ 16 % de "
        "moins.")],
        note=("Fails faithfulness: the body gives the 50 ml tube a unit cost of 0,42 €/ml; its record price "
              "(17,90 € for 50 ml) gives 0,358 €/ml, as python_execute printed. A wrong computed figure that "
              "overstates how much dearer the small format is; the rest of the paragraph is right.")),
    tool_use=dict(passed=True, score=1.0),
))

# ==========================================================================================================
# Domain 6: camping (ES)
# ==========================================================================================================
ITEMS.append(dict(
    ids=("dg-camping-01", "dg-camping-02"), slip_first=True,
    category="search_fuzzy",
    query="Mi pareja y yo queremos empezar a acampar esta primavera. ¿Qué necesitamos para dormir calentitos y "
          "cómodos?",
    steps=[
        R("Necesidad difusa: dormir bien acampando en primavera, dos personas. Hace falta tienda para 2, sacos "
          "con temperatura de confort adecuada y aislamiento del suelo (esterillas)."),
        C("c1", "product_search", query="tienda de campaña 2 personas 3 estaciones"),
        OP("c1", "PD_60145520"),
        C("c2", "product_search", query="saco de dormir primavera temperatura confort 5 grados"),
        OP("c2", "PD_60145537"),
        C("c3", "product_search", query="esterilla autohinchable camping"),
        OP("c3", "PD_60145544"),
        C("c4", "python_execute", code="print(round(129.99 + 2 * 49.95 + 2 * 39.90, 2))"),
        OT("c4", "309.69"),
        R("Tienda 129,99 + 2 sacos + 2 esterillas = 309,69 €."),
    ],
    response="""¡Qué buen plan! Para dormir calentitos en una acampada de primavera hacen falta tres cosas, y por este orden de importancia: aislarse del suelo frío, un saco con la temperatura adecuada y una tienda que os proteja del viento y la lluvia. Os propongo un equipo sencillo para los dos, empezando por una tienda ligera como la Montaria Duo, de 2,4 kg.

**1. La tienda: Montaria Duo para 2 personas — 129,99 €**
<product>PD_60145520</product>
Es una tienda de 3 estaciones con varillas de aluminio y una columna de agua de 3000 mm, suficiente para los chubascos de primavera. Tiene dos puertas y dos ábsides, así cada uno sale sin pasar por encima del otro y podéis dejar las mochilas y las botas fuera del dormitorio.

**2. Los sacos: Boreal 5 °C tipo momia — 49,95 € cada uno**
<product>PD_60145537</product>
Temperatura de confort de 5 °C y límite de 0 °C: lo adecuado para noches de primavera. El relleno es de fibra sintética, que en general aguanta mejor la humedad que el plumón, y pesa 1,1 kg. Un detalle pensado para parejas: se vende con cremallera a la izquierda o a la derecha, y dos sacos se pueden unir en uno doble.

**3. Las esterillas: Cumbre autohinchable de 5 cm — 39,90 € cada una**
<product>PD_60145544</product>
Esta es la pieza que más gente subestima: el frío del suelo se nota mucho más que el del aire. Con 5 cm de grosor y un valor R de 3,2, aísla bien en primavera y es mucho más cómoda que una esterilla de espuma fina. Mide 183 × 51 cm y pesa 1 kg.

**El equipo completo para dos**
<product>PD_60145520,PD_60145537,PD_60145544</product>
Una tienda, dos sacos y dos esterillas suman 309,69 €.

**Consejos para la primera noche**
- Comprobad la previsión: si se esperan temperaturas por debajo de 5 °C, llevad una manta o un forro de saco.
- Montad la tienda una vez en casa o en el jardín antes del viaje.
- Dormid con ropa seca y un gorro; mucho calor se pierde por la cabeza.

Si preferís ir más ligeros o queréis un presupuesto concreto, decídmelo y ajusto la selección.""",
    ok=dict(l2=L2(path_differentiation=False, product_level_comparison=False), note=(
        "Faithful. Tent 2,4 kg, 3 estaciones, aluminio, 3000 mm, 2 puertas y 2 ábsides; saco 5 °C / 0 °C, fibra "
        "sintética, 1,1 kg, cremallera izquierda o derecha y unión de dos sacos; esterilla 5 cm, R 3,2, 183 x 51 "
        "cm, 1 kg; prices and the 309,69 € total (python_execute) match. 'La fibra sintética en general aguanta "
        "mejor la humedad que el plumón' is general material knowledge, phrased as such: borderline, decided "
        "pass. 'Suficiente para los chubascos de primavera' is advice on a recorded figure. L2: explicit "
        "priorities (suelo, saco, tienda), consistent, next steps and cold-night risk named; one product per "
        "slot and no alternatives compared, so path_differentiation and product_level_comparison fail.")),
    slip=dict(flaw="wrong_spec", where="opening", edits=[(
        "empezando por una tienda ligera como la Montaria Duo, de 2,4 kg.",
        "empezando por una tienda ligera como la Montaria Duo, de 1,4 kg.")],
        note=("Fails faithfulness: the opening paragraph gives the Montaria Duo a weight of 1,4 kg; its record "
              "says 2,4 kg (the weight is not repeated later). A spec slightly wrong in the opening, which also "
              "makes 'ligera' look better founded than it is.")),
    tool_use=dict(passed=True, score=1.0),
))

ITEMS.append(dict(
    ids=("dg-camping-03", "dg-camping-04"), slip_first=False,
    category="search_multi_constraint",
    query="Busco una tienda para 4 personas por menos de 250 € que aguante bien la lluvia (mínimo 3000 mm de "
          "columna de agua).",
    steps=[
        R("Restricciones: 4 personas, < 250 €, columna de agua >= 3000 mm."),
        C("c1", "product_search", query="tienda de campaña 4 personas impermeable", max_price=250,
          min_water_column_mm=3000, currency="EUR"),
        OP("c1", "PD_60152208", "PD_60152213"),
        R("Casa 4: 219 €, 4000 mm, suelo 10 000 mm, 2 habitaciones, 195 cm, 9,8 kg. Trek 4: 189 €, 3000 mm, "
          "suelo 5000 mm, 1 habitación, 150 cm, 6,9 kg. Ambas cumplen."),
    ],
    response="""Las dos tiendas que he encontrado cumplen tus tres requisitos —4 plazas, menos de 250 € y al menos 3000 mm de columna de agua—, pero están pensadas para usos distintos: una para acampar cómodamente en un mismo sitio y otra para moverse más.

**Montaria Casa 4 — la tienda familiar (219 €)**
<product>PD_60152208</product>
Tiene dos habitaciones separadas y 195 cm de altura interior, así que se puede estar de pie dentro; muy cómoda si vais con niños o pasáis varios días en el mismo camping. Lleva el suelo cosido. Su punto débil es el peso: 9,8 kg, bien para llevar en el coche, no para cargarla a pie.

**Vientonorte Trek 4 — la más ligera y barata (189 €)**
<product>PD_60152213</product>
Con 6,9 kg es casi 3 kg más ligera y cuesta 30 € menos. Es de una sola habitación y tiene 150 cm de altura interior, así que dentro se está sentado o agachado. También tiene el suelo cosido.

**Impermeabilidad, el punto clave**
Aquí la Casa 4 va más sobrada: 4000 mm de columna de agua en el techo y 10 000 mm en el suelo, frente a los 3000 mm (justo tu mínimo) y 5000 mm de la Trek 4. Si sueles acampar en zonas donde llueve con frecuencia o con tormentas fuertes, ese margen extra se agradece.

**Mi recomendación**
- Camping en coche, varios días, familia o lluvias frecuentes: **Montaria Casa 4**.
- Escapadas más itinerantes o presupuesto más ajustado: **Vientonorte Trek 4**.

Un consejo para cualquiera de las dos: móntala una vez antes del primer viaje, tensa bien los vientos para que el doble techo no toque la tienda interior (ahí es donde suele entrar el agua) y, si puedes, usa una lona o huella debajo para proteger el suelo.""",
    ok=dict(l2=L2(), note=(
        "Faithful. Casa 4: 219 €, 2 habitaciones, 195 cm, suelo cosido, 9,8 kg, 4000 / 10 000 mm; Trek 4: 189 €, "
        "1 habitación, 150 cm, suelo cosido, 6,9 kg, 3000 / 5000 mm. 'Casi 3 kg más ligera' (2,9 kg) and '30 € "
        "menos' are right; 'se puede estar de pie' follows from 195 cm. The groundsheet tip names no product, so "
        "it is advice, not a product claim and not a missing card. L2: all seven pass.")),
    slip=dict(flaw="swapped_figures", where="comparison", edits=[(
        "Aquí la Casa 4 va más sobrada: 4000 mm de columna de agua en el techo y 10 000 mm en el suelo, frente a "
        "los 3000 mm (justo tu mínimo) y 5000 mm de la Trek 4.",
        "Aquí la Casa 4 va más sobrada: 4000 mm de columna de agua en el techo y 5000 mm en el suelo, frente a "
        "los 3000 mm (justo tu mínimo) y 10 000 mm de la Trek 4.")],
        note=("Fails faithfulness: the waterproofing comparison swaps the two floors' ratings (says Casa 4 "
              "5000 mm and Trek 4 10 000 mm; the records say the opposite). Figures mixed up between two "
              "products in the comparison section; both tents still meet the 3000 mm rule, so relevance is "
              "unaffected.")),
    tool_use=dict(passed=True, score=1.0),
))

# ==========================================================================================================
# Domain 7: laptops (EN)
# ==========================================================================================================
ITEMS.append(dict(
    ids=("dg-laptop-01", "dg-laptop-02"), slip_first=False,
    category="search_multi_constraint",
    query="I'm starting university in the fall. I need a laptop under $800 with at least 16GB of RAM, good "
          "battery life, and light enough to carry around campus all day.",
    steps=[
        R("Constraints: < $800, RAM >= 16 GB, long battery, light. Student use."),
        C("c1", "product_search", query="lightweight laptop 16GB RAM long battery student", max_price=800,
          min_ram_gb=16),
        OP("c1", "PD_70390014", "PD_70390029", "PD_70390033"),
        R("Corvin Air 14 $649.99, 1.39 kg, 12 h, 14in 1920x1200. Lumora Book 15 $749, 1.65 kg, 10 h, 15.6in "
          "FHD, numpad, fingerprint. Tessel S13 $799, 1.12 kg, 14 h, 13.3in 2560x1600, RAM soldered, USB-C "
          "only."),
    ],
    response="""Congrats on starting university! For carrying a laptop around campus all day, weight and battery life matter more than raw power — almost any current 16 GB machine will handle notes, papers, browsing and video calls. So I've ranked three options under $800 by how well they balance portability, battery and price.

**1. Corvin Air 14 — best balance ($649.99)**
<product>PD_70390014</product>
At 1.39 kg with battery life of up to 12 hours (local video playback), the Air 14 gets through a full day of lectures. The 14-inch 1920x1200 IPS display is a bit taller than the usual 16:9, which helps when reading and writing documents, and you get 16 GB of RAM and a 512 GB SSD. Ports are practical: two USB-C (one for charging), a USB-A and HDMI, so you can plug straight into a classroom projector. It's also the cheapest of the three, leaving room in your budget for a sleeve or a mouse.

**2. Lumora Book 15 — if you want a bigger screen ($749.00)**
<product>PD_70390029</product>
The Book 15 has a 15.6-inch Full HD display and a backlit keyboard with a number pad — handy if you'll be working with spreadsheets or statistics. It also has a fingerprint reader and the widest selection of ports here, including Thunderbolt 4 and a microSD reader. The trade-offs are weight (1.65 kg, the heaviest here) and battery life of up to 10 hours.

**3. Tessel S13 Ultralight — lightest and longest-lasting ($799.00)**
<product>PD_70390033</product>
If portability is everything, the S13 is the one: just 1.12 kg and up to 14 hours of battery, plus a sharp 13.3-inch 2560x1600 display and a 1 TB SSD. It uses right up to your budget, though, and it only has two USB-C (Thunderbolt 4) ports and a headphone jack, so you'll probably need a USB-C adapter. Its 16 GB of RAM is soldered, so it can't be upgraded later.

| | Corvin Air 14 | Lumora Book 15 | Tessel S13 |
|---|---|---|---|
| Price | $649.99 | $749.00 | $799.00 |
| Weight | 1.39 kg | 1.65 kg | 1.12 kg |
| Battery (up to) | 12 h | 10 h | 14 h |
| Screen | 14" 1920x1200 | 15.6" 1920x1080 | 13.3" 2560x1600 |
| Storage | 512 GB | 512 GB | 1 TB |

**My recommendation:** the **Corvin Air 14** is the best all-rounder for most students — light, long-lasting and about $150 cheaper than the Tessel. Choose the **Tessel S13** if you'll carry it everywhere and can stretch to $799, or the **Lumora Book 15** if a big screen and number pad matter more than weight.

Before you buy, check whether your university or the retailer offers a student discount, and whether your course needs any specific software — some engineering and design programs have their own requirements.""",
    ok=dict(l2=L2(), note=(
        "Faithful. Weights, battery figures (with the Corvin's 'local video playback' qualifier), displays, "
        "RAM, storage, ports (Corvin 2x USB-C one charging + USB-A + HDMI; Lumora TB4 + microSD; Tessel 2x TB4 "
        "+ jack), backlit/numpad, fingerprint reader, soldered RAM and prices match; 'cheapest', 'heaviest', "
        "'widest selection of ports' (6 incl. jack and microSD vs 5 and 3) and 'about $150 cheaper' (149.01) are right. 'A bit "
        "taller than the usual 16:9' follows from 1920x1200. L2: all seven pass.")),
    slip=dict(flaw="spec_from_other_product", where="body", edits=[(
        "The Book 15 has a 15.6-inch Full HD display and a backlit keyboard with a number pad",
        "The Book 15 has a 15.6-inch 2560x1600 display and a backlit keyboard with a number pad")],
        note=("Fails faithfulness: the Lumora paragraph gives it a 2560x1600 display, which is the Tessel S13's "
              "resolution; the Lumora record says 1920x1080 (the table still says so). A spec borrowed from "
              "another product in the body.")),
    tool_use=dict(passed=True, score=1.0),
))

ITEMS.append(dict(
    ids=("dg-laptop-03", "dg-laptop-04"), slip_first=True,
    category="qa_compare",
    query="Corvin Air 14 or Tessel S13 — which is better for a computer science student who takes the train home "
          "a lot?",
    steps=[
        R("Compare the two named laptops for CS coursework (coding, VMs/containers maybe) and frequent train "
          "travel."),
        C("c1", "product_search", query="Corvin Air 14 laptop"),
        OP("c1", "PD_70390014"),
        C("c2", "product_search", query="Tessel S13 Ultralight laptop"),
        OP("c2", "PD_70390033"),
        R("Corvin: $649.99, 1.39 kg, 12 h video, 14in 1920x1200, 512 GB, USB-A + HDMI. Tessel: $799, 1.12 kg, "
          "14 h, 13.3in 2560x1600, 1 TB, RAM soldered, USB-C only."),
    ],
    response="""Both laptops have 16 GB of RAM, which is the amount I'd want for a CS degree — enough for an IDE, a browser full of documentation and a few containers at once. The real differences are portability, storage and ports, so let's go through those with your train trips in mind.

<product>PD_70390014</product>
<product>PD_70390033</product>

**Portability and battery**
The Tessel S13 is the travel specialist: 1.12 kg and up to 14 hours of battery. The Corvin Air 14 is still light at 1.39 kg and rated for up to 12 hours of local video playback. On a long train ride, both should last — but if you often can't get a seat with a socket, the Tessel gives you more margin.

**Screen**
The Tessel's 13.3-inch 2560x1600 display is sharper and brighter (400 vs 300 nits), which helps with small code fonts. The Corvin's 14-inch 1920x1200 panel is a little bigger, giving slightly more room for side-by-side windows.

**Storage and ports**
The Tessel comes with a 1 TB SSD, double the Corvin's 512 GB — useful once you have virtual machines, datasets and several toolchains installed. On the other hand, the Corvin has a USB-A port and HDMI besides its two USB-C ports, while the Tessel only has two Thunderbolt 4 USB-C ports and a headphone jack, so you'll need an adapter for USB sticks or a lab monitor.

**Price**
The Corvin costs $649.99, the Tessel $799.00 — about $150 more.

**Verdict**
For a CS student who travels a lot, I'd pick the **Tessel S13**: lighter, longer battery, a sharper screen for reading code and twice the storage. Just remember that its 16 GB of RAM is soldered, so that's what you'll have for the laptop's whole life — fine for coursework, but worth knowing if you plan to run heavy workloads later. If $150 matters, or you'd rather not carry adapters, the **Corvin Air 14** is a very capable and cheaper alternative.""",
    ok=dict(l2=L2(), note=(
        "Faithful. Weights, battery figures, displays incl. 400 vs 300 nits, 1 TB vs 512 GB, ports, soldered "
        "RAM and prices match; 'double' and 'about $150 more' are right. The CS workload remarks (IDE, "
        "containers, adapters for lab monitors) are general advice. L2: all seven pass.")),
    slip=dict(flaw="summary_contradicts_record", where="closing", edits=[(
        "Just remember that its 16 GB of RAM is soldered, so that's what you'll have for the laptop's whole life "
        "— fine for coursework, but worth knowing if you plan to run heavy workloads later.",
        "And since its 16 GB of RAM can be upgraded later, it will keep up even if you move on to heavier "
        "workloads.")],
        note=("Fails faithfulness: the closing verdict says the Tessel's RAM can be upgraded later; its record "
              "says '16 GB LPDDR5 (soldered, not upgradable)'. A closing claim that contradicts the record and "
              "turns a caveat into a selling point.")),
    tool_use=dict(passed=True, score=1.0),
))

# ==========================================================================================================
# Domain 8: air fryers (ZH)
# ==========================================================================================================
ITEMS.append(dict(
    ids=("dg-airfryer-01", "dg-airfryer-02"), slip_first=False,
    category="search_general",
    query="想给家里（三口之家）买个空气炸锅，有什么推荐？",
    steps=[
        R("三口之家，没有给预算。容量 4.5–6 L 左右合适，也可以给一个大容量双篮的选择。"),
        C("c1", "product_search", query="空气炸锅 家用 4-6L"),
        OP("c1", "PD_80563310", "PD_80563326", "PD_80563331"),
        R("厨乐 KF-55：¥399，5.5 L，1500 W，可视窗，8 个预设菜单，炸篮可进洗碗机。焙士 DZ-80：¥699，8 L 双篮，"
          "双区控温，同步完成，无可视窗。小能 AF-45：¥259，4.5 L，1400 W，无可视窗。"),
    ],
    response="""三口之家选空气炸锅，容量一般在 4.5–6 升比较合适：一次能做出三个人的鸡翅或薯条，又不会太占台面。综合容量、功能和价格，我首推厨乐 KF-55（¥399），另外也给你一个更省钱和一个更大容量的选择。

**1. 厨乐 5.5L 可视空气炸锅 KF-55（¥399）——最均衡**
<product>PD_80563310</product>
5.5 升容量正好适合三口之家，功率 1500 W，温度范围 80–200 °C。最大的亮点是可视窗：不用拉开炸篮就能看到食物上色的程度，新手也不容易烤糊。它有 8 个预设菜单，炸篮是不粘涂层、可拆卸，还可以直接放进洗碗机，清洁很省事。

**2. 小能 4.5L 空气炸锅 AF-45（¥259）——预算之选**
<product>PD_80563331</product>
如果想少花点钱，AF-45 比 KF-55 便宜 140 元。4.5 升容量做三个人的量也够用，只是做整鸡或大份食物时会有点挤。功率 1400 W，温度 80–200 °C，炸篮同样是不粘涂层、可拆卸。没有可视窗，需要中途拉开看一下。

**3. 焙士双篮空气炸锅 DZ-80（¥699）——喜欢一次做两样菜**
<product>PD_80563326</product>
8 升容量分成两个 4 升炸篮，两边可以独立控温，还有“同步完成”功能，比如一边烤鸡翅、一边做薯条，能同时出锅。功率 2400 W，温度范围 40–200 °C。缺点是价格最高、体积也更大，而且没有可视窗。

| | 厨乐 KF-55 | 小能 AF-45 | 焙士 DZ-80 |
|---|---|---|---|
| 价格 | ¥399 | ¥259 | ¥699 |
| 容量 | 5.5 L | 4.5 L | 8 L（2 × 4 L） |
| 功率 | 1500 W | 1400 W | 2400 W |
| 可视窗 | 有 | 无 | 无 |

**总结建议：** 大多数三口之家选 **厨乐 KF-55** 就够了，容量、可视窗和好清洁兼顾；预算紧就选 **小能 AF-45**；经常一顿饭要同时做主食和小菜，再考虑 **焙士 DZ-80**。

使用小贴士：第一次使用前先空烧 10 分钟去除异味；食物不要堆得太满，中途翻一次面受热更均匀；不粘涂层尽量用硅胶或木质夹子，避免刮花。""",
    ok=dict(l2=L2(risk_mitigation=False), note=(
        "Faithful. Prices, 5.5/4.5/8 L (2 x 4 L), 1500/1400/2400 W, temperature ranges, 可视窗 有/无/无, 8 预设菜单, "
        "KF-55 basket non-stick, removable and dishwasher-safe (recorded), AF-45 and DZ-80 baskets non-stick and "
        "removable, DZ-80 双区独立控温 and 同步完成 all match; '便宜 140 元' is right. '体积也更大' for the 8 L "
        "model is an inference from capacity, not a recorded dimension: borderline, decided pass. Usage tips are "
        "general. L2: criteria stated (容量、功能、价格), ranked with per-need routing and product-level reasons; the "
        "drawbacks appear only as one-line notes inside each product's paragraph (有点挤, 没有可视窗, 缺点是...) with "
        "no trade-off discussion of their own, so risk_mitigation fails on the strong-evidence rule (as for "
        "dg-shoes-02); the other six pass.")),
    slip=dict(flaw="wrong_price", where="opening", edits=[(
        "综合容量、功能和价格，我首推厨乐 KF-55（¥399），",
        "综合容量、功能和价格，我首推厨乐 KF-55（¥369），")],
        note=("Fails faithfulness: the opening paragraph prices the KF-55 at ¥369; its record says ¥399 (the "
              "heading and table say ¥399). A wrong price in the opening recommendation sentence.")),
    tool_use=dict(passed=True, score=1.0),
))

ITEMS.append(dict(
    ids=("dg-airfryer-03", "dg-airfryer-04"), slip_first=True,
    category="search_multi_constraint",
    query="预算500以内，想要噪音小一点、带可视窗的空气炸锅，有推荐吗？",
    steps=[
        R("约束：≤ ¥500，可视窗，噪音小。先搜可视窗空气炸锅，再查噪音数据。"),
        C("c1", "product_search", query="可视窗 空气炸锅 静音", max_price=500, currency="CNY"),
        OP("c1", "PD_80563310", "PD_80571145"),
        R("美焙 V5 有厂商标称噪音 52 dB；厨乐 KF-55 记录里没有噪音数据，去网上查评测。"),
        C("c2", "web_search", query="厨乐 KF-55 空气炸锅 噪音 分贝 实测"),
        OT("c2", "【家电评测】厨乐 KF-55 空气炸锅上手：在距离机器 1 米处实测工作噪音约 58 dB，风扇声比较明显，"
                 "但用户评价普遍认为可以接受。……"),
        R("V5：¥469，5 L，1450 W，52 dB（厂商标称），不粘可拆卸炸篮。KF-55：¥399，5.5 L，1500 W，约 58 dB"
          "（第三方实测），炸篮可进洗碗机。都在预算内且都有可视窗。"),
    ],
    response="""在 500 元以内、带可视窗、又想安静一点，我找到了两款符合条件的空气炸锅。选择时主要看两点：噪音到底差多少，以及容量和清洁是否合你的使用习惯。

**美焙 静音可视空气炸锅 V5（¥469）——更安静**
<product>PD_80571145</product>
V5 主打静音，厂商标称运行噪音 52 dB。容量 5 升，功率 1450 W，温度范围 80–200 °C，带可视窗，炸篮为不粘涂层、可拆卸。对开放式厨房或者经常在晚上做夜宵的家庭来说，是更省心的选择。

**厨乐 5.5L 可视空气炸锅 KF-55（¥399）——容量更大、更便宜**
<product>PD_80563310</product>
KF-55 的官方信息里没有噪音数据。我查到一篇第三方评测，在距离 1 米处实测约 58 dB，风扇声比较明显，但大多数用户觉得可以接受。它容量 5.5 升，功率 1500 W，有 8 个预设菜单，炸篮可以直接放进洗碗机。

**两款对比**
噪音方面，V5 的 52 dB 低于 KF-55 评测实测的约 58 dB，不过前者是厂商标称、后者是第三方实测，测试条件不一定相同，差距仅供参考。容量上 KF-55 多 0.5 升，价格便宜 70 元；清洁方面，KF-55 的炸篮官方注明可以放进洗碗机，V5 的资料里则没有写明这一点，买前可以再确认一下。

| | 美焙 V5 | 厨乐 KF-55 |
|---|---|---|
| 价格 | ¥469 | ¥399 |
| 噪音 | 52 dB（厂商标称） | 约 58 dB（第三方实测） |
| 容量 | 5 L | 5.5 L |
| 功率 | 1450 W | 1500 W |

**建议：** 如果安静是你的首要需求，选 **美焙 V5**；如果更看重容量、价格和用洗碗机清洗的方便，选 **厨乐 KF-55**。另外，空气炸锅的噪音主要来自风扇，放在稳固的台面上、离墙留出几厘米散热空间，也能让运行声音小一些。""",
    ok=dict(l2=L2(), note=(
        "Faithful. V5: ¥469, 52 dB labelled 厂商标称, 5 L, 1450 W, 80-200 °C, 可视窗, non-stick removable basket. "
        "KF-55: the answer says its record has no noise figure and attributes ~58 dB to a third-party review "
        "(the web_search observation), with the caveat that the two figures are not measured alike; 5.5 L, "
        "1500 W, 8 menus, dishwasher-safe basket; '多 0.5 升', '便宜 70 元' are right. The cleaning line says only what the "
        "records say: the KF-55 is recorded as dishwasher-safe and the V5's data does not say so (the answer "
        "does not claim the V5 must be hand-washed). Fan-noise placement tip is general. L2: all seven pass.")),
    slip=dict(flaw="unsupported_feature", where="comparison", edits=[(
        "清洁方面，KF-55 的炸篮官方注明可以放进洗碗机，V5 的资料里则没有写明这一点，买前可以再确认一下。",
        "清洁方面也一样方便，两款的炸篮都可以直接放进洗碗机。")],
        note=("Fails faithfulness: the comparison says both baskets are dishwasher-safe; only the KF-55 record "
              "says so (可放入洗碗机), the V5 record lists a non-stick removable basket and nothing more. The claim "
              "is absent from the record rather than contradicted by it: an invented feature, which the "
              "definition ('hallucinated features') fails as much as a contradiction.")),
    tool_use=dict(passed=True, score=1.0),
))


# ==========================================================================================================
# Assembly
# ==========================================================================================================
def apply_edits(text, edits):
    for old, new in edits:
        if text.count(old) != 1:
            raise SystemExit(f"slip edit must match the faithful response exactly once: {old[:60]!r}")
        text = text.replace(old, new)
    return text


def labels(faithful, l2, tool_use):
    checks = dict.fromkeys(CHECK_KEYS, True)
    checks["description_faithfulness"] = faithful
    l1 = {"product_correctness": all(checks[k] for k in ("ui_format", "ui_trigger", "ui_relevance",
                                                          "ui_completeness")),
          "text_relevance": checks["text_relevance"],
          "description_faithfulness": checks["description_faithfulness"]}
    l1_pass = all(l1.values())
    return {"l1_pass": l1_pass, "l1": l1, "checks": checks, "l2": dict(l2) if l1_pass else None,
            "tool_use": dict(tool_use) if tool_use is not None else None}


def build():
    rows = []
    for it in ITEMS:
        has_calls = any(s["kind"] == "tool_call" for s in it["steps"])
        tool_use = it["tool_use"] if has_calls else None
        base = {"query": it["query"], "category": it["category"], "trajectory": it["steps"], "rubric": "smartshop"}
        ok = {"id": None, **base, "response": it["response"],
              "labels": labels(True, it["ok"]["l2"], tool_use), "flaw": "none", "injection": None,
              "note": it["ok"]["note"]}
        slip = it["slip"]
        bad = {"id": None, **base, "response": apply_edits(it["response"], slip["edits"]),
               "labels": labels(False, None, tool_use), "flaw": slip["flaw"], "injection": None,
               "note": f"[slip in {slip['where']}] " + slip["note"]}
        pair = [bad, ok] if it["slip_first"] else [ok, bad]
        for row, rid in zip(pair, it["ids"], strict=True):
            row["id"] = rid
        rows.extend(pair)
    return rows


# ==========================================================================================================
# Self-checks
# ==========================================================================================================
def check(rows):
    errs = []

    def err(rid, msg):
        errs.append(f"{rid}: {msg}")

    ids = [r["id"] for r in rows]
    if len(ids) != len(set(ids)):
        errs.append("duplicate ids")
    if len(rows) != 32:
        errs.append(f"expected 32 items, got {len(rows)}")
    for pid in PRODUCTS:
        if not PID.match(pid):
            errs.append(f"bad product id {pid}")
    for r in rows:
        rid = r["id"]
        if not re.fullmatch(r"dg-[a-z0-9-]+", rid or ""):
            err(rid, "id must be dg-...")
        if r["rubric"] != "smartshop":
            err(rid, "rubric must be smartshop")
        if r["injection"] is not None:
            err(rid, "injection must be null")
        # tool calls and observations pair one to one, in order, by call_id
        calls, searched, pending = [], set(), {}
        for i, s in enumerate(r["trajectory"]):
            if s["kind"] == "tool_call":
                calls.append(s)
                if s["name"] not in TOOLS:
                    err(rid, f"unknown tool {s['name']}")
                if not s.get("call_id") or s["call_id"] in pending or any(
                        c is not s and c["call_id"] == s["call_id"] for c in calls):
                    err(rid, f"tool call {i} needs a fresh call_id")
                if not s["arguments"]:
                    err(rid, f"tool call {i} has empty arguments")
                pending[s["call_id"]] = s["name"]
            elif s["kind"] == "observation":
                name = pending.pop(s.get("call_id"), None)
                if name is None:
                    err(rid, f"observation {i} answers no open tool call")
                    continue
                recs = s.get("products", [])
                if name == "product_search":
                    if not recs:
                        err(rid, f"product_search observation {i} has no products")
                    if json.loads(s["content"]) != {"products": recs}:
                        err(rid, f"observation {i} content and products differ")
                    searched.update(p["id"] for p in recs)
                elif recs:
                    err(rid, f"{name} observation {i} carries product records")
            elif s["kind"] != "reasoning":
                err(rid, f"bad step kind {s['kind']}")
        if pending:
            err(rid, f"tool calls without observation: {sorted(pending)}")
        # cards: well formed, ids known and returned by product_search
        resp = r["response"]
        cards = CARD.findall(resp)
        if not cards:
            err(rid, "no product cards")
        if resp.count("<product>") != len(cards) or resp.count("</product>") != len(cards) or re.search(
                r"<\s*/?\s*product\s+|\[/?product\]", resp):
            err(rid, "malformed card")
        for c in cards:
            for pid in c.split(","):
                if pid != pid.strip() or not PID.match(pid):
                    err(rid, f"bad card id {pid!r}")
                elif pid not in searched:
                    err(rid, f"carded {pid} not returned by product_search")
        # labels shape
        lab = r["labels"]
        if set(lab) != {"l1_pass", "l1", "checks", "l2", "tool_use"}:
            err(rid, f"label keys {sorted(lab)}")
            continue
        if set(lab["checks"]) != set(CHECK_KEYS) or not all(isinstance(v, bool) for v in lab["checks"].values()):
            err(rid, "checks shape")
        if set(lab["l1"]) != {"product_correctness", "text_relevance", "description_faithfulness"}:
            err(rid, "l1 shape")
        ch = lab["checks"]
        if lab["l1"]["product_correctness"] != all(ch[k] for k in ("ui_format", "ui_trigger", "ui_relevance",
                                                                   "ui_completeness")):
            err(rid, "product_correctness inconsistent with checks")
        if lab["l1"]["text_relevance"] != ch["text_relevance"] or \
                lab["l1"]["description_faithfulness"] != ch["description_faithfulness"]:
            err(rid, "l1 inconsistent with checks")
        if lab["l1_pass"] != all(lab["l1"].values()):
            err(rid, "l1_pass inconsistent")
        if lab["l1_pass"]:
            if not isinstance(lab["l2"], dict) or set(lab["l2"]) != set(L2_KEYS) or not all(
                    isinstance(v, bool) for v in lab["l2"].values()):
                err(rid, "l2 must hold the seven metrics as booleans when L1 passes")
        elif lab["l2"] is not None:
            err(rid, "l2 must be null when L1 fails")
        tu = lab["tool_use"]
        if (tu is None) != (not calls):
            err(rid, "tool_use must be null exactly when there are no tool calls")
        if tu is not None and (set(tu) != {"passed", "score"} or not isinstance(tu["passed"], bool)
                               or not 0 <= tu["score"] <= 1):
            err(rid, "tool_use shape")
        # this set: only description faithfulness ever fails, and flaw says whether it did
        if not all(ch[k] for k in CHECK_KEYS if k != "description_faithfulness"):
            err(rid, "a check other than description_faithfulness fails")
        if (r["flaw"] == "none") != ch["description_faithfulness"]:
            err(rid, "flaw must be none exactly when faithfulness passes")
        if not r["note"]:
            err(rid, "empty note")
    n_fail = sum(not r["labels"]["checks"]["description_faithfulness"] for r in rows)
    if n_fail != len(rows) // 2:
        errs.append(f"expected half failing, got {n_fail}")
    return errs


def main():
    rows = build()
    errs = check(rows)
    if errs:
        print("\n".join(errs), file=sys.stderr)
        raise SystemExit(1)
    with OUT.open("w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    n_fail = sum(not r["labels"]["l1_pass"] for r in rows)
    print(f"wrote {OUT.name}: {len(rows)} items, {len(rows) - n_fail} faithful, {n_fail} with one slip")


if __name__ == "__main__":
    main()
