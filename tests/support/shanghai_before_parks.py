"""shanghai-v1 as it was before issue 11 (start squares on the diagonal, three
parks apart from them): the shape older stored data and phone drafts have."""

OLD_CELLS = [
    ["start", "hotel", "taxi", "plain", "bus", "skyscraper"],
    ["bus", "start", "park", "hotel", "plain", "taxi"],
    ["taxi", "plain", "start", "skyscraper", "bus", "plain"],
    ["hotel", "skyscraper", "plain", "start", "park", "bus"],
    ["plain", "bus", "taxi", "plain", "start", "hotel"],
    ["park", "taxi", "hotel", "bus", "skyscraper", "start"],
]
