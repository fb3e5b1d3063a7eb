"""Values the GUI tests type into the libre demo."""

# Initiatives for the demo: Maëlis, Garin, Ysolde, Brigand 1, Brigand 2, archer, Bertrand.
INITIATIVES = {
    "maelis": 20,
    "chef": 18,
    "ysolde": 15,
    "brig1": 12,
    "brig2": 9,
    "archer": 7,
    "bertrand": 3,
}
