"""Good responses (flaw "none"): they should pass L1. Written to be hard for naive checkers."""

from __future__ import annotations

from steps import P, call, obs, search, think

ALL = ("core_decision_axis", "logical_consistency", "actionable_next_step", "path_differentiation",
       "route_prioritization", "product_level_comparison", "risk_mitigation")

# Product lists shared with flawed items (same catalogue slice, different responses).
CAMP = [
    P("PD_CL2291", "Lumora 1000-Lumen Rechargeable Camping Lantern", 34.99, brightness_lumens=1000,
      battery_hours=30, charging="USB-C", water_resistance="IPX4", modes=4),
    P("PD_CC1187", "Ridgeback Padded Folding Camp Chair with Cup Holder", 27.50, max_load_kg=136,
      weight_kg=3.2, packed_length_cm=88, color="olive"),
    P("PD_SP5502", "Dunmore Self-Inflating Double Sleeping Pad", 79.00, thickness_cm=5, width_cm=132,
      r_value=4.1, weight_kg=2.9),
    P("PD_SL0934", "Glowvine Solar String Lights 10 m", 18.99, length_m=10, power="solar + USB",
      bulbs=30),
]
DRILLS = [
    P("PD_DR4410", "Torvik 20V Brushless Drill Driver Kit", 109.00, motor="brushless", batteries="2 x 2.0Ah",
      max_torque_nm=60, weight_kg=1.4, chuck_mm=13, case=True),
    P("PD_DR2207", "Halden 18V Brushless Compact Drill Kit", 94.00, motor="brushless", batteries="2 x 1.5Ah",
      max_torque_nm=45, weight_kg=1.2, chuck_mm=10, case=False),
    P("PD_DR3190", "Torvik 20V Brushed Drill Kit", 69.00, motor="brushed", batteries="1 x 1.5Ah",
      max_torque_nm=40, weight_kg=1.6, chuck_mm=10),
    P("PD_DR5055", "Kessler Pro 18V Brushless Hammer Drill Kit", 139.00, motor="brushless",
      batteries="2 x 4.0Ah", max_torque_nm=85, weight_kg=1.9, chuck_mm=13, hammer=True),
]
AQUA = [
    P("PD_AQ1020", "ClearCurrent HOB Power Filter 20-40 gal", 38.99, flow_gph=200, tank_range_gal="20-40"),
    P("PD_AQ2231", "ThermaFin 100W Adjustable Aquarium Heater", 24.50, watts=100, tank_range_gal="20-30",
      auto_shutoff=True),
    P("PD_AQ3307", "Brightreef 24-inch Full Spectrum LED", 45.00, length_in="24-30", timer=True),
    P("PD_AQ4415", "PondLab Freshwater Master Test Kit", 31.99, tests=["pH", "ammonia", "nitrite", "nitrate"],
      tests_count=800),
    P("PD_AQ5518", "AquaSafe Water Conditioner 250 ml", 9.49, treats_gal=1500),
]
MATS = [
    P("PD_YM6006", "Merrow Studio Yoga Mat 6 mm", 42.00, thickness_mm=6, weight_kg=1.9, material="TPE",
      length_cm=183, width_cm=61),
    P("PD_YM8008", "Merrow Studio Yoga Mat 8 mm", 54.00, thickness_mm=8, weight_kg=2.6, material="TPE",
      length_cm=183, width_cm=66),
]
BACKPACK = [
    P("PD_BP3540", "Aeroloft 35L Carry-On Travel Backpack", 119.00, volume_l=35,
      dimensions_cm="55 x 40 x 20", weight_kg=1.3, laptop_sleeve_in=16, clamshell_opening=True),
]
MONITORS = [
    P("PD_MN2744", "Vistaro 27Q Pro 27-inch QHD IPS Monitor", 429.00, size_in=27, resolution="2560x1440",
      dci_p3_pct=98, usb_c_pd_w=90, factory_calibrated=True),
    P("PD_MN2719", "Opalia PD27 27-inch 4K IPS Monitor", 399.00, size_in=27, resolution="3840x2160",
      dci_p3_pct=95, usb_c_pd_w=65, factory_calibrated=False),
    P("PD_MN2701", "Opalia View27 27-inch QHD Monitor", 249.00, size_in=27, resolution="2560x1440",
      dci_p3_pct=82, usb_c_pd_w=15),
]
DOGFOOD = [
    P("PD_DF1203", "Harvest Hound Senior Large Breed Lamb & Brown Rice 13.6 kg", 71.99, protein="lamb",
      grains="brown rice, oats", life_stage="senior", breed_size="large", weight_kg=13.6, chicken_free=True),
    P("PD_DF2240", "Oakmeadow Sensitive Salmon & Oatmeal 11.3 kg", 54.99, protein="salmon", grains="oatmeal, barley",
      life_stage="adult/senior", breed_size="all", weight_kg=11.3, chicken_free=True),
]
EARBUDS = [
    P("PD_EB6120", "Pulsefit ANC Sport Earbuds", 89.99, anc=True, water_resistance="IPX5", battery_hours=7,
      ear_hooks=True),
    P("PD_EB7301", "Soundvale Flex ANC", 129.00, anc=True, water_resistance="IP55", battery_hours=9,
      ear_hooks=False, wing_tips=True),
    P("PD_EB5004", "Tonic Go Wireless Earbuds", 39.99, anc=False, water_resistance="IPX4", battery_hours=6),
]

GOOD = [
    {
        "id": "ind-g01-family-camping",
        "query": "It's our first time camping with the whole family (two kids, 6 and 9) and I want it to go "
                 "well. What should we bring?",
        "trajectory": [
            think("Broad need. The gaps for first-timers are usually light, seating and sleeping comfort."),
            *search("c1", CAMP[:1], query="rechargeable camping lantern"),
            *search("c2", CAMP[1:2], query="folding camp chair"),
            *search("c3", CAMP[2:], query="double sleeping pad family camping"),
        ],
        "response": (
            "Planning a first family trip is mostly about the three things that make or break the night: "
            "light, a place to sit, and sleeping warm. Tents get all the attention, but those are what "
            "first-timers forget.\n\n"
            "**Light first.** Once the sun is down, kids need to find the toilet and you need to cook. A "
            "lantern that charges over USB-C and runs about 30 hours on a charge covers a whole weekend "
            "without spare batteries, and it shrugs off a bit of rain.\n<product>PD_CL2291</product>\n\n"
            "**Chairs matter more than you'd think.** Evenings around the fire are the part the kids will "
            "remember, and sitting on a cooler gets old fast. This padded chair holds up to 136 kg, so it "
            "works for adults too; at 3.2 kg each it is not a hiking chair, but from the car to the pitch "
            "that doesn't matter.\n<product>PD_CC1187</product>\n\n"
            "**Sleep.** Cold ground is what ruins first trips. The double self-inflating pad is 132 cm wide "
            "(one adult and one child fit) with an R-value of 4.1, which is fine into chilly spring nights. "
            "If it's midsummer, a cheaper foam pad would do, but this one is the safer bet for a first "
            "attempt.\n<product>PD_SP5502</product>\n\n"
            "Nice to have: solar string lights (10 m, 30 bulbs) make the site easy to find in the dark and "
            "the kids love them.\n<product>PD_SL0934</product>\n\n"
            "Next step: do a test night in the garden or living room with the pad and lantern, so nothing "
            "surprises you at the campsite."),
        "l2": ALL,
        "note": "No category (Search-Fuzzy); paper Figure 1 style. Lantern/chair/pad/lights all relevant, attributes "
                "paraphrased faithfully (30 h, USB-C, 136 kg, 3.2 kg, 132 cm, R 4.1, 10 m, 30 bulbs); "
                "prioritises and gives a risk (cold ground) and a next step: all L2.",
    },
    {
        "id": "ind-g02-drill-cap",
        "query": "Need a cordless drill under $120 for assembling furniture and the odd drywall anchor. Must be "
                 "brushless and come with two batteries.",
        "category": "search_multi_constraint",
        "trajectory": [
            *search("s1", DRILLS, query="cordless drill brushless two batteries", max_price=120),
            think("Price filter leaked two: the $139 Kessler and the brushed Torvik with one battery. "
                  "Only PD_DR4410 and PD_DR2207 satisfy every constraint."),
        ],
        "response": (
            "Two kits meet all three of your conditions (brushless, two batteries, under $120):\n\n"
            "The Torvik 20V kit at $109 is the stronger one, 60 Nm versus the Halden's 45 Nm, and it has "
            "the bigger 13 mm chuck and 2.0Ah batteries, which matters if the drywall turns out to have a "
            "stud or you later want to drive long screws. The Halden 18V is $15 cheaper at $94 and lighter "
            "at 1.2 kg against 1.4 kg, which you'll notice when you're holding it overhead, but it comes "
            "without a case and its 1.5Ah batteries run down sooner.\n\n"
            "<product>PD_DR4410</product>\n<product>PD_DR2207</product>\n\n"
            "For flat-pack furniture either is plenty. I'd take the Torvik: the extra torque and battery "
            "capacity are worth the $15 for a drill you'll keep for years. One caution: set the clutch low "
            "for furniture, since both can strip particleboard at full torque."),
        "l2": ALL,
        "note": "Both cards meet brushless + 2 batteries + < $120 (109, 94). Same-paragraph comparison: "
                "60 vs 45 Nm, 1.2 vs 1.4 kg, $15 difference (109-94), 13 mm chuck, case, 1.5Ah: all match "
                "records. Over-cap and brushed items rightly left out.",
    },
    {
        "id": "ind-g03-aquarium-bundle",
        "query": "Setting up a 20 gallon freshwater tank for my daughter. I already have the tank. What else do I "
                 "need? Equipment budget is $200.",
        "category": "search_bundle",
        "trajectory": [
            *search("a1", AQUA[:3], query="20 gallon filter heater light"),
            *search("a2", AQUA[3:], query="freshwater test kit water conditioner"),
            call("a3", "python_execute", code="print(round(38.99+24.50+45.00+31.99+9.49, 2))"),
            obs("a3", "149.97"),
        ],
        "response": (
            "For a 20-gallon freshwater setup you need five things besides the tank, and together they come "
            "to $149.97, about $50 under your $200 so there's room left for plants and the first fish.\n\n"
            "<product>PD_AQ1020,PD_AQ2231,PD_AQ3307,PD_AQ4415,PD_AQ5518</product>\n\n"
            "- Filter ($38.99): rated for 20-40 gallons at 200 gallons an hour, so it isn't working at its "
            "limit on your tank.\n"
            "- Heater ($24.50): 100 W for 20-30 gallon tanks, with automatic shut-off, which I'd insist on "
            "in a child's room.\n"
            "- LED light ($45.00): fits 24-30 inch tanks and has a built-in timer, so the day/night cycle "
            "runs itself.\n"
            "- Test kit ($31.99): checks pH, ammonia, nitrite and nitrate, about 800 tests.\n"
            "- Water conditioner ($9.49): one bottle treats 1,500 gallons.\n\n"
            "The one thing people get wrong is adding fish on day one. Run the filter for 3-4 weeks to "
            "cycle the tank and test until ammonia and nitrite read zero before the first fish goes in."),
        "l2": ("core_decision_axis", "logical_consistency", "actionable_next_step", "risk_mitigation"),
        "note": "Bundle card with five ids; total 149.97 from python_execute matches the sum of record "
                "prices. L2: no alternatives compared, so path_differentiation/route_prioritization/"
                "product_level_comparison fail.",
    },
    {
        "id": "ind-g04-ukulele",
        "query": "recommend a few ukuleles for an adult beginner",
        "category": "search_general",
        "trajectory": [
            *search("u1", [
                P("PD_UK2301", "Kalani Concert Ukulele Mahogany with Gig Bag", 79.00, size="concert",
                  top="laminate mahogany", includes=["gig bag", "clip-on tuner"], scale_in=15),
                P("PD_UK1102", "Kalani Soprano Ukulele Starter", 45.00, size="soprano", top="laminate basswood",
                  includes=["gig bag"], scale_in=13),
                P("PD_UK4410", "Maile Solid Spruce Top Tenor Ukulele", 129.00, size="tenor", top="solid spruce",
                  includes=[], scale_in=17),
            ], query="ukulele beginner adult"),
        ],
        "response": (
            "Adults usually do best with a slightly larger uke than the classic soprano, because the frets "
            "are less cramped. Three good starting points:\n\n"
            "<product>PD_UK2301</product> The Kalani concert ($79) is my default pick: the 15-inch scale "
            "gives your fingers more room, and it arrives with a gig bag and a clip-on tuner, so there is "
            "nothing else to buy. <product>PD_UK1102</product> If you just want to find out whether you "
            "like playing, the soprano from the same maker is $34 less at $45, smaller and brighter "
            "sounding, with a bag but no tuner. <product>PD_UK4410</product> At the top, the Maile tenor "
            "($129) has a solid spruce top rather than laminate, which gives a fuller sound that improves "
            "as it's played, and the longest 17-inch scale; it comes with nothing, though, so budget for a "
            "tuner and bag.\n\n"
            "Whichever you pick, expect to retune a lot during the first week while new strings stretch."),
        "l2": ALL,
        "note": "Three products in one paragraph with inline cards; $34 = 79-45; scale 13/15/17, solid "
                "spruce vs laminate, included items all per record. Rich L2 (default pick + trade-offs).",
    },
    {
        "id": "ind-g05-yoga-mat-compare",
        "query": "Merrow 6mm or 8mm yoga mat? I have bad knees but I also carry it to class on my bike.",
        "category": "qa_compare",
        "trajectory": [*search("y1", MATS, query="Merrow Studio yoga mat")],
        "response": (
            "They're the same TPE mat and length; the differences are thickness, width, weight and price. "
            "The 8 mm is kinder to your knees with 2 mm more cushion and is 5 cm wider, but it's heavier at "
            "2.6 kg versus 1.9 kg and costs $12 more ($54 vs $42).\n\n"
            "<product>PD_YM8008</product>\n<product>PD_YM6006</product>\n\n"
            "With bad knees I'd take the 8 mm: 700 g extra on a bike is noticeable but manageable with a "
            "strap, whereas sore knees in every kneeling pose is not. The trade-off is balance poses: a "
            "thicker mat is a bit wobblier under one foot. If that bothers you, keep the 6 mm and fold a "
            "towel under your knees instead."),
        "l2": ALL,
        "note": "Compare in one paragraph: 2 mm, 5 cm (66-61), 2.6 vs 1.9 kg, 700 g, $12 (54-42): all "
                "computed correctly from records.",
    },
    {
        "id": "ind-g06-backpack-consult",
        "query": "Is the Aeroloft 35L backpack OK as my only bag on budget airlines in Europe?",
        "category": "qa_consultation",
        "trajectory": [
            *search("b1", BACKPACK, query="Aeroloft 35L"),
            call("b2", "web_search", query="budget airline cabin bag size limits Europe 2026"),
            obs("b2", "Most European low-cost carriers allow a paid cabin bag of 55 x 40 x 20 cm (10 kg). "
                      "The free under-seat item is typically 40 x 30 x 20 cm (some carriers 40 x 20 x 25 cm)."),
        ],
        "response": (
            "Yes, with one catch. At 55 x 40 x 20 cm it matches the standard cabin-bag size most low-cost "
            "carriers use, so it goes in the overhead bin. But that's the size you usually *pay* for; the "
            "free under-seat allowance is around 40 x 30 x 20 cm, and this bag won't pass as that.\n\n"
            "So: if you're buying the cabin-bag or priority add-on anyway, it's a good choice. It weighs "
            "only 1.3 kg empty, which leaves most of a 10 kg allowance for your things, it opens flat like "
            "a suitcase, and the sleeve takes a 16-inch laptop.\n\n"
            "<product>PD_BP3540</product>\n\n"
            "Before each flight, check that airline's exact limits, and don't overstuff the front pocket: "
            "bulging is what gets bags measured at the gate."),
        "l2": ("core_decision_axis", "logical_consistency", "actionable_next_step", "path_differentiation",
               "risk_mitigation"),
        "note": "QA-Consultation about a named product ending with its card (cards appropriate: purchase "
                "decision on a product). Size facts come from web_search; 1.3 kg, clamshell, 16 in from "
                "record. Single product: no route_prioritization / product_level_comparison.",
    },
    {
        "id": "ind-g07-dad-gardening-gift",
        "query": "My dad turns 70 next month. He just moved into a flat with no garden and misses his "
                 "vegetable patch terribly. Gift ideas?",
        "trajectory": [
            *search("d1", [
                P("PD_IG3001", "Verdalia Smart Indoor Herb Garden, 9 pods", 99.00, pods=9, grow_light="LED",
                  water_tank_l=4, includes="9 seed pods (basil, parsley, thyme...)"),
                P("PD_BP2210", "Railside Balcony Railing Planter Set of 2", 36.50, length_cm=60,
                  fits_rail_cm="up to 8", drainage=True),
                P("PD_TL7788", "Ergo-Grip Garden Tool Trio", 24.99, pieces=3, handle="soft grip, wide",
                  material="stainless steel"),
            ], query="indoor garden gift senior no garden"),
        ],
        "response": (
            "What he's missing is the daily ritual of growing something, so I'd look for gifts that bring "
            "that indoors.\n\n"
            "The headline gift is a smart herb garden: nine pods under an LED grow light, with a 4-litre "
            "tank so it needs topping up only now and then. It comes with seeds (basil, parsley, thyme and "
            "more), so he can start the day he unwraps it.\n<product>PD_IG3001</product>\n\n"
            "If his flat has a balcony, a pair of 60 cm railing planters with drainage lets him grow "
            "lettuce, strawberries or cherry tomatoes outside, closer to the real thing. Add the three-"
            "piece stainless tool set with the wide soft-grip handles, which are easier on older "
            "hands.\n<product>PD_BP2210,PD_TL7788</product>\n\n"
            "The herb garden ($99) is the safe pick since it works in any flat; the planters and tools "
            "together are $61.49 and a better fit for a man who likes getting his hands in soil. Check the "
            "railing thickness first: the planters fit rails up to 8 cm."),
        "l2": ALL,
        "note": "No category (Search-Fuzzy). Bundle card for planters+tools; $61.49 = 36.50+24.99. "
                "All attributes paraphrased faithfully.",
    },
    {
        "id": "ind-g08-wide-running-shoes",
        "query": "Running shoes for wide feet, men's size 11, under $100 please. I'm 105 kg so I need "
                 "proper cushioning.",
        "category": "search_multi_constraint",
        "trajectory": [
            *search("r1", [
                P("PD_RS1141", "Strideline Cushion 4 Wide", 94.95, widths=["D", "2E", "4E"], sizes="7-15",
                  cushioning="max", drop_mm=8, weight_g=310),
                P("PD_RS2290", "Northpace Daily Trainer 2E", 84.00, widths=["2E"], sizes="7-14",
                  cushioning="moderate", drop_mm=10, weight_g=285),
                P("PD_RS3355", "Strideline Cloudrun Elite", 164.00, widths=["D", "2E"], cushioning="max"),
            ], query="wide running shoes max cushioning men size 11", max_price=100),
        ],
        "response": (
            "You said under $100, wide, and well cushioned for a heavier runner. Best match:\n\n"
            "<product>PD_RS1141</product>\n"
            "The Strideline Cushion 4 Wide ($94.95) comes in 2E and even 4E widths, covers size 11, and has "
            "maximum cushioning, the category you want at 105 kg. It's on the heavy side at 310 g a shoe, "
            "which is the price of all that foam.\n\n"
            "<product>PD_RS2290</product>\n"
            "The Northpace Daily Trainer is $10.95 cheaper at $84 and lighter (285 g), but it's only "
            "moderately cushioned and comes in 2E only. I'd treat it as a second pair for short runs rather "
            "than your main shoe.\n\n"
            "If your feet are very wide, order the 4E of the Strideline, and try them in the evening when "
            "feet are at their largest."),
        "l2": ALL,
        "note": "Restated constraints; $10.95 = 94.95-84.00; over-cap PD_RS3355 not mentioned. "
                "Both cards satisfy wide + size 11 + < $100; the second is honestly framed as weaker.",
    },
    {
        "id": "ind-g09-homebrew-kit",
        "query": "I want to start brewing beer at home, 5 gallon batches. What do I need? Roughly $250 to spend.",
        "trajectory": [
            think("Extract brewing needs: kettle, fermenter, sanitiser, siphon, hydrometer, bottling."),
            *search("h1", [
                P("PD_HB1008", "Brewmaster 8 Gallon Stainless Kettle", 89.00, capacity_gal=8, material="stainless"),
                P("PD_HB2065", "ClearFerm 6.5 Gallon Fermenter with Airlock", 39.99, capacity_gal=6.5,
                  includes="airlock, grommet lid"),
                P("PD_HB3012", "Triple-Scale Hydrometer", 12.50),
                P("PD_HB4032", "No-Rinse Brewery Sanitizer 32 oz", 16.99, no_rinse=True),
                P("PD_HB5005", "Auto-Siphon 5/16 in with Tubing", 14.95),
                P("PD_HB6010", "Twin-Lever Bottle Capper + 144 Caps", 22.00, caps=144),
            ], query="homebrew 5 gallon equipment"),
            call("h2", "python_execute",
                 code="core=[89,39.99,16.99]; bottling=[12.50,14.95,22.00]\n"
                      "print(round(sum(core),2), round(sum(bottling),2), round(sum(core+bottling),2))"),
            obs("h2", "145.98 49.45 195.43"),
        ],
        "response": (
            "For 5-gallon batches you need a way to boil, ferment, measure, move and bottle the beer. Here's "
            "a complete set in two parts.\n\n"
            "**Brew day ($145.98):** an 8-gallon stainless kettle (the extra 3 gallons stop boil-overs), a "
            "6.5-gallon fermenter that comes with its airlock, and a no-rinse sanitizer, the most important "
            "item here, since infections ruin more first batches than anything else.\n"
            "<product>PD_HB1008,PD_HB2065,PD_HB4032</product>\n\n"
            "**Measuring and bottling ($49.45):** a hydrometer to know when fermentation is done, an auto-"
            "siphon to move beer without stirring up sediment, and a bottle capper that comes with 144 "
            "caps, enough for about three batches.\n<product>PD_HB3012,PD_HB5005,PD_HB6010</product>\n\n"
            "Everything comes to $195.43, leaving roughly $55 of your $250 for ingredients for the first "
            "batch and a big stirring spoon. Save bottles from now on; you'll need about 50 per batch."),
        "l2": ("core_decision_axis", "logical_consistency", "actionable_next_step", "route_prioritization",
               "risk_mitigation"),
        "note": "No category (Search-Bundle). Two bundle cards with sub-totals and a grand total from "
                "python_execute (145.98 + 49.45 = 195.43). No alternatives compared: path_differentiation "
                "and product_level_comparison fail; route prioritisation passes (sanitiser flagged as "
                "most important and why).",
    },
    {
        "id": "ind-g10-trolley-jack-compare",
        "query": "Fernhill 1.5 ton jack or the Brask 2 ton low profile — which for my lowered Civic?",
        "category": "qa_compare",
        "trajectory": [
            *search("j1", [
                P("PD_TJ1500", "Fernhill 1.5 Ton Steel Trolley Jack", 59.99, capacity_t=1.5,
                  min_height_mm=135, max_height_mm=340, weight_kg=9.8),
                P("PD_TJ2000", "Brask 2 Ton Low Profile Aluminium Jack", 149.00, capacity_t=2,
                  min_height_mm=85, max_height_mm=380, weight_kg=11.3, pump="dual piston"),
            ], query="Fernhill 1.5 ton Brask 2 ton low profile jack"),
        ],
        "response": (
            "For a lowered car, the number that decides it is the jack's lowest height, not its tonnage.\n\n"
            "The Brask goes down to 85 mm; the Fernhill only to 135 mm, which on a lowered Civic very likely "
            "won't slide under the jacking point without driving onto planks first. The Brask also lifts "
            "higher (380 vs 340 mm) and its dual-piston pump raises the car in fewer strokes. The Fernhill's "
            "advantages are price, at $89.01 less ($59.99 vs $149), and being a little lighter to carry "
            "(9.8 vs 11.3 kg).\n\n<product>PD_TJ2000</product>\n<product>PD_TJ1500</product>\n\n"
            "Get the Brask. Measure your clearance at the jacking point first; if it's above 140 mm the "
            "Fernhill would work and save you the money. Either way, never work under the car on the jack "
            "alone: put axle stands under it."),
        "l2": ALL,
        "note": "Decision axis (min height) explicit; 85/135, 380/340, 9.8/11.3, $89.01 = 149-59.99 all "
                "correct; safety risk noted.",
    },
    {
        "id": "ind-g11-baby-carrier",
        "query": "Recommend some baby carriers that won't be too hot for summer",
        "category": "search_general",
        "trajectory": [
            *search("k1", [
                P("PD_BC3310", "Airnest Mesh Ergonomic Baby Carrier", 129.00, fabric="3D mesh",
                  child_weight_kg="3.5-20", positions=4),
                P("PD_BC1208", "Linnea Linen Ring Sling", 64.00, fabric="linen", child_weight_kg="3.5-15",
                  positions=2),
            ], query="baby carrier breathable summer"),
        ],
        "response": (
            "For hot weather, the fabric matters more than the brand. Two good options:\n\n"
            "- A structured carrier with a full 3D-mesh panel: air moves through it, it fits from 3.5 up to "
            "20 kg, and it has four carrying positions, so it lasts into toddlerhood. <product>PD_BC3310</product>\n"
            "- A linen ring sling: linen is one of the coolest fabrics to wear, and a sling is quick for short "
            "trips, though it carries only up to 15 kg and loads one shoulder. <product>PD_BC1208</product>\n\n"
            "For long walks pick the mesh carrier; for quick errands the sling. Keep baby's face visible and "
            "take breaks in shade on very hot days."),
        "l2": ("core_decision_axis", "logical_consistency", "actionable_next_step", "path_differentiation",
               "product_level_comparison", "risk_mitigation"),
        "note": "Mid-level L2: the pick is conditional (walks vs errands), so route_prioritization fails; mesh/linen, 3.5-20 kg, 3.5-15 kg, 4 vs 2 positions as records; "
                "'linen is cool' is general knowledge, not a product claim.",
    },
    {
        "id": "ind-g12-running-shoe-replace",
        "query": "How often should I replace my running shoes? I run about 25 km a week.",
        "category": "qa_consultation",
        "trajectory": [],
        "response": (
            "A common rule of thumb is every 500-800 km. At 25 km a week that's roughly every 5 to 7 months.\n\n"
            "Treat the mileage as a reminder, not a deadline. Replace them sooner if:\n"
            "- the midsole has visible creases or feels flat when you press it with a thumb,\n"
            "- the outsole is worn through to the foam at the heel or forefoot,\n"
            "- you start getting new aches in your knees or shins after runs that used to feel fine.\n\n"
            "Heavier runners and those who run mostly on roads tend to land at the lower end of the range. "
            "A practical trick: write the start date on the insole, and when you're about two-thirds through, "
            "buy the next pair so you can rotate them for a few weeks."),
        "l2": ("core_decision_axis", "logical_consistency", "actionable_next_step", "risk_mitigation"),
        "note": "Pure advice question: correctly no cards and no tool calls (tool_use null). No products: "
                "product_level_comparison, route_prioritization and path_differentiation fail.",
    },
    {
        "id": "ind-g13-photo-monitor",
        "query": "Monitor for photo editing: 27 inch, at least 95% DCI-P3, USB-C that can charge my laptop at 65W, "
                 "under $450.",
        "category": "search_multi_constraint",
        "trajectory": [
            *search("m1", MONITORS, query="27 inch monitor DCI-P3 USB-C power delivery", max_price=450),
        ],
        "response": (
            "Two monitors meet every requirement; a third one the search returned (82% DCI-P3, 15 W USB-C) "
            "doesn't, so I've left it out.\n\n"
            "The Vistaro 27Q Pro ($429) covers 98% of DCI-P3 and arrives factory-calibrated, and its USB-C "
            "delivers 90 W, comfortably above your 65 W. The Opalia PD27 ($399) is $30 cheaper and sharper "
            "at 4K rather than QHD, but sits right at your minimums: 95% DCI-P3 and exactly 65 W, with no "
            "factory calibration.\n\n<product>PD_MN2744</product>\n<product>PD_MN2719</product>\n\n"
            "For colour-critical editing I'd pick the Vistaro, because calibration out of the box matters more "
            "than resolution for matching prints. If you also do a lot of text work, the 4K Opalia is the "
            "better all-rounder, but budget for a calibrator (about $150) to get accurate colour."),
        "l2": ALL,
        "note": "The unqualified monitor is described but not named (no card needed). 98 vs 95 %, 90 vs 65 W, "
                "$30 difference, 4K vs QHD, calibrated vs not: all per records. '$150 calibrator' is "
                "general advice, not a product claim.",
    },
    {
        "id": "ind-g14-cat-entertain",
        "query": "something to keep my indoor cat busy while I'm at work all day",
        "trajectory": [
            *search("t1", [
                P("PD_CT4471", "Whiskerwhirl Automatic Feather Toy", 27.99, modes=3, auto_shutoff_min=15,
                  power="USB rechargeable"),
                P("PD_CT2208", "Foragepaw Treat Puzzle Feeder", 19.50, difficulty_levels=3, dishwasher_safe=True),
                P("PD_CT9001", "Skyperch 150 cm Cat Tree with Window Hammock", 84.00, height_cm=150,
                  scratching_posts=4, hammock=True),
            ], query="cat toys alone at home"),
        ],
        "response": (
            "Cats alone all day mostly need three things: something to hunt, something to earn food from, and "
            "somewhere high to watch the world.\n\n"
            "<product>PD_CT2208</product> A treat puzzle feeder turns breakfast into a hunt; it has "
            "three difficulty levels and goes in the dishwasher. <product>PD_CT4471</product> The automatic "
            "feather toy ($27.99) has three motion modes and switches itself off after 15 minutes, so it "
            "won't run itself flat. <product>PD_CT9001</product> A 150 cm cat tree with a window hammock "
            "is the biggest spend at $84, but for many cats watching birds is the best entertainment.\n\n"
            "If you only buy one, start with the puzzle feeder: it's the cheapest at $19.50 and it works on "
            "the boredom that matters most, hunger. Rotate toys weekly so they stay new."),
        "l2": ALL,
        "note": "No category (Search-Fuzzy). Inline cards, three products per paragraph, attributes "
                "paraphrased (goes in the dishwasher = dishwasher_safe, 15 min auto-off).",
    },
    {
        "id": "ind-g15-sewing-compare",
        "query": "Differences between the Stitchwell 300, Marlo QuickSew and Bernadine B12? Mostly hemming "
                 "jeans and making cushion covers.",
        "category": "qa_compare",
        "trajectory": [
            *search("w1", [
                P("PD_SW3000", "Stitchwell 300 Computerized Sewing Machine", 219.00, stitches=100,
                  auto_threader=True, motor_w=75, weight_kg=6.4),
                P("PD_SW1100", "Marlo QuickSew Mechanical Sewing Machine", 129.00, stitches=23,
                  auto_threader=False, motor_w=70, weight_kg=5.9),
                P("PD_SW1200", "Bernadine B12 Heavy Duty Sewing Machine", 189.00, stitches=32,
                  auto_threader=True, motor_w=100, weight_kg=7.1, metal_frame=True),
            ], query="Stitchwell 300 Marlo QuickSew Bernadine B12"),
        ],
        "response": (
            "For denim hems and cushion covers, what matters is punching through thick layers, and that "
            "separates these three.\n\n"
            "- **Bernadine B12 ($189):** the heavy-duty one, with a metal frame and the strongest motor (100 W "
            "against 70-75 W for the others). It has 32 stitches and an automatic threader. "
            "<product>PD_SW1200</product>\n"
            "- **Stitchwell 300 ($219):** computerised with 100 stitches and an automatic threader, the most "
            "versatile for decorative work, but $30 more than the Bernadine and, with a 75 W motor and no "
            "metal frame, less suited to heavy fabric. "
            "<product>PD_SW3000</product>\n"
            "- **Marlo QuickSew ($129):** simple mechanical machine with 23 stitches and no automatic "
            "threader; the cheapest, and fine for cushion covers, but it will struggle on jeans hems where "
            "seams cross. <product>PD_SW1100</product>\n\n"
            "My pick for you is the Bernadine. Whatever you buy, use a size 16 denim needle for jeans."),
        "l2": ALL,
        "note": "Three-way compare; 100 vs 70-75 W, stitches 32/100/23, $30 = 219-189, threader, frame "
                "per records. 'Will struggle on jeans' is a reasoned judgement from motor/frame, not an "
                "invented spec.",
    },
    {
        "id": "ind-g16-climbing-starter",
        "query": "My son (14) is hooked on climbing at the gym. Put together a starter kit for him — shoes, "
                 "harness, chalk. Under $200 total.",
        "category": "search_bundle",
        "trajectory": [
            *search("g1", [
                P("PD_CS2214", "Crag Youth Velcro Climbing Shoes", 69.95, closure="velcro", fit="neutral"),
                P("PD_CH3110", "Belaylite Adjustable Harness", 59.00, leg_loops="adjustable", gear_loops=4),
                P("PD_CB0870", "Chalkpot Chalk Bag with Belt + 100 g Chalk", 21.50, chalk_g=100),
                P("PD_CH9900", "Summitline Pro Harness", 109.00, leg_loops="fixed", gear_loops=6),
            ], query="climbing starter shoes harness chalk bag"),
            call("g2", "python_execute", code="print(69.95+59.00+21.50, 200-(69.95+59.00+21.50))"),
            obs("g2", "150.45 49.55"),
        ],
        "response": (
            "Here's a starter kit that fits a growing teenager and your $200 limit:\n\n"
            "<product>PD_CS2214,PD_CH3110,PD_CB0870</product>\n\n"
            "Neutral-fit velcro shoes ($69.95) are comfortable enough for long gym sessions, and velcro means "
            "he won't be relacing between every route. The Belaylite harness ($59) has adjustable leg loops, "
            "which matters because he'll grow; I skipped the $109 pro harness the search also found: its fixed leg "
            "loops won't adapt and he doesn't need six gear loops indoors. The chalk bag comes with a belt and "
            "100 g of chalk.\n\n"
            "Total: $150.45, leaving $49.55, enough for a chalk refill and maybe a session with a coach. "
            "Buy the shoes in store if you can: climbing shoe sizes run differently from street shoes."),
        "l2": ALL,
        "note": "Bundle with computed total and remainder (python_execute). The rejected $109 harness "
                "is described but not named, so no card is owed. PD_CH9900 returned by the tool but "
                "uncarded is fine.",
    },
    {
        "id": "ind-g17-senior-dog-food",
        "query": "Senior lab with a sensitive stomach, allergic to chicken. Grain is fine. Which dry food, and "
                 "which is better value?",
        "category": "search_multi_constraint",
        "trajectory": [
            *search("f1", DOGFOOD, query="senior large breed dog food no chicken sensitive stomach"),
            call("f2", "python_execute", code="print(round(71.99/13.6,2), round(54.99/11.3,2))"),
            obs("f2", "5.29 4.87"),
        ],
        "response": (
            "Both of these are chicken-free and include grains, so either fits his allergy:\n\n"
            "<product>PD_DF1203</product> Harvest Hound Senior Large Breed, lamb and brown rice, is made "
            "specifically for older large dogs. It's $71.99 for 13.6 kg, which works out at $5.29 per kg.\n\n"
            "<product>PD_DF2240</product> Oakmeadow Sensitive, salmon and oatmeal, is formulated for "
            "sensitive stomachs and suits adult and senior dogs of any size. It's cheaper per kilo at $4.87 "
            "($54.99 for 11.3 kg), about 8% less.\n\n"
            "Given his stomach, I'd try the Oakmeadow first: it's the one aimed at digestion, and it's the "
            "better value. Switch gradually over 7-10 days, mixing in more of the new food each day, and "
            "check with your vet if he has a known reaction to fish."),
        "l2": ALL,
        "note": "Unit costs from python_execute (5.29, 4.87); 8% = 1-4.87/5.29 ≈ 7.9%. 'Formulated for "
                "sensitive stomachs' paraphrases the product name 'Sensitive'.",
    },
    {
        "id": "ind-g18-gym-earbuds-range",
        "query": "noise cancelling earbuds for the gym, somewhere between $60 and $150, they must not fall out",
        "trajectory": [
            *search("e1", EARBUDS, query="ANC sport earbuds secure fit", min_price=60, max_price=150),
        ],
        "response": (
            "Staying in your $60-150 range, with noise cancelling and a secure fit:\n\n"
            "<product>PD_EB6120</product> Pulsefit ANC Sport ($89.99): ear hooks, so they stay put during "
            "burpees and sprints, and IPX5 sweat resistance. 7 hours per charge.\n\n"
            "<product>PD_EB7301</product> Soundvale Flex ANC ($129): no hooks but wing tips that lock into "
            "your ear, 9 hours of battery and IP55, which adds dust protection. About $39 more than the "
            "Pulsefit.\n\n"
            "If you do lots of jumping and running, the hooks on the Pulsefit are the safer choice; if you "
            "mostly lift and want them for commuting too, the Soundvale is more comfortable all day."),
        "l2": ALL,
        "note": "No category (Search-General). Range restated; $39 ≈ 129-89.99=39.01. The $39.99 non-ANC "
                "pair is correctly omitted.",
    },
    {
        "id": "ind-g19-dehumidifier-consult",
        "query": "Our basement smells musty. Is a dehumidifier actually worth it or just a gimmick?",
        "category": "qa_consultation",
        "trajectory": [
            call("x1", "web_search", query="ideal basement relative humidity mold growth"),
            obs("x1", "Mould and mildew thrive above about 60% relative humidity; 30-50% is recommended "
                      "indoors (EPA)."),
            *search("x2", [
                P("PD_DH3520", "DryHaven 35-Pint Dehumidifier with Pump", 229.00, capacity_pint_day=35,
                  room_sq_ft=3000, continuous_drain=True, built_in_pump=True, auto_restart=True),
            ], query="basement dehumidifier continuous drain"),
        ],
        "response": (
            "It's worth it. A musty smell usually means the air is damp enough for mould and mildew, which "
            "thrive above about 60% humidity; indoors you want 30-50%. A dehumidifier tackles the cause.\n\n"
            "Two things to check first: if there's visible water coming in (cracks, a leaking window well), "
            "fix that too, or the machine will be fighting a losing battle. And buy a cheap hygrometer so "
            "you can see the number come down.\n\n"
            "For a basement, get one with a built-in pump or continuous drain so you aren't emptying a bucket "
            "every day. This one pumps water out through a hose, handles spaces up to 3,000 sq ft, and "
            "restarts on its own after a power cut:\n<product>PD_DH3520</product>\n\n"
            "Set it to around 45-50% and give it a couple of weeks; the smell should fade as things dry out."),
        "l2": ("core_decision_axis", "logical_consistency", "actionable_next_step", "risk_mitigation"),
        "note": "Consultation that ends with one recommended product + card; humidity facts from "
                "web_search. One product: no comparison metrics.",
    },
    {
        "id": "ind-g20-digital-piano",
        "query": "Looking for a digital piano for my apartment — thin walls, so I'll mostly use headphones.",
        "category": "search_general",
        "trajectory": [
            *search("p1", [
                P("PD_DP8801", "Cadenza P-88 Digital Piano", 549.00, keys=88, action="graded hammer",
                  headphone_jacks=2, weight_kg=11.8, bluetooth_midi=True),
                P("PD_DP6101", "Cadenza Lite 61-key Keyboard", 189.00, keys=61, action="touch sensitive, unweighted",
                  headphone_jacks=1, weight_kg=4.5),
            ], query="digital piano headphones apartment"),
        ],
        "response": (
            "Any digital piano lets you practise silently with headphones, so the real choice is how much it "
            "should feel like a real piano.\n\n"
            "The Cadenza P-88 has all 88 keys with graded hammer action (heavier in the bass, lighter in the "
            "treble, like an acoustic), two headphone jacks so a teacher or friend can listen in, and "
            "Bluetooth MIDI for apps. At 11.8 kg it can still be moved around the flat.\n"
            "<product>PD_DP8801</product>\n\n"
            "If you're just starting and not sure you'll stick with it, the Cadenza Lite is $360 cheaper at "
            "$189, but with 61 unweighted keys it won't build the finger strength that transfers to a real "
            "piano.\n<product>PD_DP6101</product>\n\n"
            "Tip for thin walls: the thud of the keys carries through floors even with headphones, so put a "
            "rug or anti-vibration pads under the stand."),
        "l2": ALL,
        "note": "$360 = 549-189; graded hammer explained in natural words; 2 jacks, BT MIDI, 11.8 kg per "
                "record.",
    },
]
