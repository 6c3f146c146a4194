"""The learned value: each seat's chance to win by small networks fitted on self-play games.

`features` turns a position into numbers, `network` evaluates the networks, `value` loads the packaged
ensemble of an edition and judges positions by it, and `training` fits the networks
(`bench/train_value.py` runs the whole pipeline).
"""
