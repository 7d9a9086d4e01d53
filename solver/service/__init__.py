"""The HTTP service: the word-game verbs and whole games over HTTP, and the web page for the table.

`create_app()` in app.py builds the ASGI app; `wordref serve` runs it under uvicorn.
"""
