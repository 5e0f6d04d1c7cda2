"""The page's one door into the engine: JSON in, JSON out.

The page (JavaScript) calls ``Bridge.call(method, args_json)`` and gets a JSON string back; the
same entry point runs under CPython in the tests, so everything the page relies on is tested
without a browser. By job: ``transport`` (the argument Structs, limits, the error envelope),
``seats`` (who sits where and what each seat may ask), ``snapshot`` (the position the page
reads, a typed contract), ``door`` (the methods) and ``automation`` (the test suites' methods).
"""

from engine.bridge.door import Bridge

__all__ = ["Bridge"]
