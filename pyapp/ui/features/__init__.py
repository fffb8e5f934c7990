"""The shell's features, each speaking ``pyapp/ui/feature.py``; ``pyapp/ui/composition.py`` lists
them in order. A game's own features live in its screens package (``pyapp/ui/<game>/features.py``).
"""
