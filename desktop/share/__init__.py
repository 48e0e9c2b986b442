"""Share with players: the player view of a fight, live in the players' own browsers.

``state`` turns the player view's lines into the small JSON the page reads; ``server``
serves the page, its assets and a stream of those states on the local network (aiohttp
in a thread of its own). No Qt: the GM screen's dialog (``desktop.ui.gm.share_dialog``)
starts and stops it.
"""

MAX_WATCHERS = 50
"""The most players' browsers one sharing serves at once; the next is refused politely."""
