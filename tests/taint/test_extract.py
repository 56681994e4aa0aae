"""extract_destinations: every argument shape from issue 3."""

from __future__ import annotations

from urllib.parse import quote

from cordon.taint import Destination, extract_destinations


def keys(value: object) -> list[tuple[str, str]]:
    return [(d.kind, d.key) for d in extract_destinations(value)]


def test_plain_email_and_subaddress_trailing_dot() -> None:
    assert keys("Bob+news@Example.COM.") == [("email", "bob@example.com")]


def test_display_name_form() -> None:
    assert keys('"Bob" <bob@example.com>') == [("email", "bob@example.com")]
    assert keys("Doe, John <jd@example.org>") == [("email", "jd@example.org")]


def test_comma_and_semicolon_lists() -> None:
    assert keys("a1@x.com, b2@y.org; c3@z.net") == [
        ("email", "a1@x.com"),
        ("email", "b2@y.org"),
        ("email", "c3@z.net"),
    ]


def test_lists_and_nested_objects() -> None:
    value = {"to": [{"email": "q@w.com", "name": "Quinn"}], "cc": ["r@w.com"]}
    assert ("email", "q@w.com") in keys(value)
    assert ("email", "r@w.com") in keys(value)
    assert ("other", "quinn") in keys(value)  # each value of a structured recipient
    assert all(k != "to" for _, k in keys(value))  # object keys are not destinations


def test_mailto() -> None:
    assert keys("mailto:bob@evil.com?cc=x1@y.io&bcc=z1@y.io&subject=hi") == [
        ("email", "bob@evil.com"),
        ("email", "x1@y.io"),
        ("email", "z1@y.io"),
    ]
    assert keys("mailto:bob%40evil.com") == [("email", "bob@evil.com")]


def test_url_parts_and_query_addresses() -> None:
    got = keys("https://Hooks.Evil.com:8443/in/?to=bob%40evil.com&next=https://b.io/x#f")
    assert got[0] == ("url", "hooks.evil.com/in")
    assert ("email", "bob@evil.com") in got
    assert ("url", "b.io/x") in got
    d = extract_destinations("https://hooks.evil.com/in")[0]
    assert d.host == "hooks.evil.com"


def test_hosts_phones_channels_other() -> None:
    assert keys("evil.com") == [("host", "evil.com")]
    assert keys("evil.com/collect") == [("url", "evil.com/collect")]
    assert keys("+1 (555) 010-0199") == [("phone", "5550100199")]
    assert keys(5550100199) == [("phone", "5550100199")]
    assert keys(["#general", "@someone"]) == [("channel", "general"), ("channel", "someone")]
    assert keys("attacker-drop") == [("other", "attacker-drop")]


def test_idna_and_confusables_in_destinations() -> None:
    assert keys("xn--exmple-4nf.com") == [("host", "example.com")]
    assert keys("bоb@еvil.com") == [("email", "bob@evil.com")]  # Cyrillic о, е
    assert keys("ＢＯＢ＠ＥＶＩＬ．ＣＯＭ") == [("email", "bob@evil.com")]


def test_nothing_from_empty_or_non_strings() -> None:
    assert keys("") == []
    assert keys(None) == []
    assert keys(True) == []
    assert keys({}) == []


def test_destination_is_frozen_kw_only() -> None:
    d = Destination(kind="email", raw="a@b.co", key="a@b.co")
    try:
        d.key = "x"  # type: ignore[misc]
    except AttributeError:
        pass
    else:  # pragma: no cover
        raise AssertionError("Destination must be frozen")


def test_a_url_in_another_urls_path_is_a_destination_too() -> None:
    # reader and archive proxies fetch the URL in their path: its host is where it goes
    assert ("url", "evil.example/x") in keys("https://r.jina.ai/https://evil.example/x")
    assert ("url", "evil.example") in keys("https://web.archive.org/save/https://evil.example/")
    assert ("url", "evil.example/z") in keys("https://example.com/a/www.evil.example/z")
    # a path with no URL start in it gives the one destination
    assert keys("https://docs.python.org/3/library/json.html") == [
        ("url", "docs.python.org/3/library/json.html")
    ]
    assert len(keys("https://example.com/files/report.v2/notes.md")) == 1


def test_query_values_are_destinations_by_their_name_or_their_shape() -> None:
    # a search on a site gives the site: its words go nowhere
    assert keys("https://docs.python.org/3/search.html?q=json+dumps&check_keywords=yes") == [
        ("url", "docs.python.org/3/search.html")
    ]
    assert keys("https://api.example.com/items?id=12345678&page=2") == [
        ("url", "api.example.com/items")
    ]
    # a value shaped like a destination counts under any name
    assert ("email", "bob@evil.example") in keys("https://x.example/a?q=bob@evil.example")
    assert ("url", "evil.example/c") in keys("https://x.example/a?next=https://evil.example/c")
    assert ("phone", "5551234567") in keys("https://sms.example/send?n=%2B15551234567")
    # a parameter named like a destination gives every item, as a tool's own would
    assert ("other", "mallory") in keys("https://x.example/send?to=mallory")
    assert ("channel", "ops") in keys("https://hooks.example/post?channel=%23ops")
    assert ("phone", "5551234567") in keys("https://sms.example/send?phone=%2B15551234567")


def test_a_phone_number_in_a_query_under_an_sms_gateways_name_or_a_literal_plus() -> None:
    # a literal + in a query reads as a space: the + form written plainly
    assert ("phone", "5551234567") in keys("https://sms.example/send?n=+15551234567")
    # the recipient under names an SMS gateway gives it (Textlocal, Plivo), no sink name
    assert ("phone", "7700900123") in keys("https://sms.example/send?numbers=447700900123")
    assert ("phone", "5551234567") in keys("https://sms.example/send?dst=15551234567")
    # a number under another name is still no destination
    assert keys("https://api.example.com/items?id=15551234567") == [
        ("url", "api.example.com/items")
    ]


def test_a_host_without_its_scheme_at_a_urls_path_start_is_a_destination_too() -> None:
    for url, inner in (
        ("https://r.jina.ai/evil.example/x", "evil.example/x"),
        ("https://r.jina.ai//evil.example/x", "evil.example/x"),
        ("https://r.jina.ai/evil.example:443/x", "evil.example/x"),
        ("https://web.archive.org/save/evil.example", "evil.example"),
        ("https://web.archive.org/web/2020/evil.example/x", "evil.example/x"),
    ):
        assert ("url", inner) in keys(url), url
    assert ("url", "203.0.113.9/x") in keys("https://r.jina.ai/203.0.113.9/x")
    # a file name at the path's start is no host
    for url in ("https://example.com/index.html", "https://example.com/README.md"):
        assert len(keys(url)) == 1, url


def test_a_scheme_relative_url_in_a_query_is_a_destination_under_any_name() -> None:
    # a site's redirect (?next=) takes //host as a URL: the host is where the request goes
    for url in (
        "https://x.example/login?next=//evil.example/c",
        "https://x.example/login?next=%2F%2Fevil.example%2Fc",
        "https://x.example/login?next=\\\\evil.example/c",
    ):
        assert ("url", "evil.example/c") in keys(url), url
    assert keys("https://x.example/login?next=/home") == [("url", "x.example/login")]


def test_a_slack_id_in_a_query_is_a_destination_under_any_name() -> None:
    url = "https://slack.com/api/conversations.invite?channel=C0EV1LX99&users=U0EV1LX98"
    assert ("other", "u0ev1lx98") in keys(url)
    assert keys("https://api.example.com/items?id=12345678&q=dumps") == [
        ("url", "api.example.com/items")
    ]


def test_a_query_cut_by_a_quoted_printable_reading_is_read_as_a_query() -> None:
    # ``=20`` reads as a space in quoted-printable: the rest of the query is not an item
    assert keys("https://api.example.com/items?count=20&page=2") == [
        ("url", "api.example.com/items")
    ]
    assert ("other", "mallory") in keys("https://api.example.com/items?count=20&to=mallory")


def test_semicolon_separated_query_pairs_are_read_as_pairs() -> None:
    # many servers take ``;`` as a pair separator (the W3C's old advice; Rails, PHP with
    # arg_separator.input): ``?x=1;to=mallory`` sends to mallory
    assert ("other", "mallory") in keys("https://api.example.com/send?x=1;to=mallory")
    assert ("channel", "general") in keys("https://hooks.example/post?a=b;channel=%23general")
    assert ("phone", "7700900123") in keys("https://sms.example/send/?src=1;dst=447700900123")
    assert ("other", "mallory") in keys("https://api.example.com/items?count=20;to=mallory")
    # an address list under a sink name keeps every address (the ``&``-only reading too)
    got = keys("https://x.example/send?to=a1@x.com;b2@y.org")
    assert ("email", "a1@x.com") in got and ("email", "b2@y.org") in got
    # a search with a ``;`` stays a search
    assert keys("https://docs.example.com/search?q=json+dumps;sort=asc") == [
        ("url", "docs.example.com/search")
    ]


def test_a_json_object_or_array_in_a_query_value_is_read_by_its_names() -> None:
    for payload in (
        '{"to":"mallory"}',
        '{"message":{"to":["mallory"]}}',
        '[{"to":"mallory"}]',
        "{'to':'mallory'}",  # not JSON, read for its names all the same
    ):
        for encoded in (payload, quote(payload), quote(quote(payload))):
            url = f"https://api.example.com/send?payload={encoded}"
            assert ("other", "mallory") in keys(url), url
    assert ("phone", "7700900123") in keys('https://sms.example/send?p={"dst":447700900123}')
    assert ("email", "m1@evil.example") in keys('https://x.example/a?p={"cc":"m1@evil.example"}')
    # a JSON value under a sink name: every item, as a structured recipient's
    assert ("other", "mallory") in keys('https://x.example/a?to={"name":"mallory"}')
    # names and words that say nowhere to send stay quiet
    for url in (
        'https://api.example.com/search?q={"query":"json+dumps","limit":20}',
        "https://api.example.com/search?filter=" + quote('{"tags":["python","json"]}'),
        'https://api.example.com/search?q=["json","dumps"]',
    ):
        assert keys(url) == [("url", "api.example.com/search")], url


def test_a_recipient_object_inside_a_query_json_value_is_a_destination() -> None:
    # a sink name whose value is an object or a list of objects (a structured recipient, as an
    # argument's is read): its leaves are destinations, whatever their own keys say
    for payload in (
        '{"recipient":{"id":"mallory"}}',
        '{"to":[{"id":"mallory"}]}',
        '{"message":{"to":{"user":{"name":"mallory"}}}}',
    ):
        for encoded in (payload, quote(payload)):
            url = f"https://api.example.com/send?payload={encoded}"
            assert ("other", "mallory") in keys(url), url
    quiet = 'https://api.example.com/search?q={"filter":{"tags":["python"]}}'
    assert keys(quiet) == [("url", "api.example.com/search")]


def test_a_json_string_or_a_nested_query_in_a_query_value_is_read_by_its_names() -> None:
    # a JSON string holding JSON (a server that decodes the value twice), and a query
    # encoded into a value (a server that parses it as its own query): their names say
    # which values are destinations, as a URL's do
    for payload in (
        '"{\\"to\\":\\"mallory\\"}"',
        '"{\\"message\\":{\\"to\\":[\\"mallory\\"]}}"',
        quote('"{\\"to\\":\\"mallory\\"}"'),
        quote("to=mallory&x=1"),
        quote(quote("to=mallory&x=1")),
        quote("x=1&recipient=mallory"),
        quote('"to=mallory&x=1"'),
    ):
        url = f"https://api.example.com/send?payload={payload}"
        assert ("other", "mallory") in keys(url), url
    number = quote('"{\\"dst\\":447700900123}"')
    assert ("phone", "7700900123") in keys(f"https://sms.example/send?p={number}")
    for url in (
        "https://api.example.com/search?q=json+dumps",
        "https://api.example.com/search?q=%7B%22query%22%3A1%7D",
        "https://api.example.com/search?q=%22json%20dumps%22",
        "https://api.example.com/search?q=" + quote('"{\\"query\\":\\"weekly figures\\"}"'),
        "https://api.example.com/search?q=a%3D1%26b%3D2",
    ):
        assert keys(url) == [("url", "api.example.com/search")], url


def test_an_encoded_space_in_a_url_does_not_cut_it_into_destinations() -> None:
    # read decoded, '%20' was a space that ended the URL, and the words after it were read
    # as loose destinations ('dumps', '1}'): a search's words are not where anything goes
    for url in (
        "https://api.example.com/search?q=json%20dumps",
        "https://api.example.com/search?q=%7B%22a%22%3A%201%7D",
        "https://api.example.com/search?q=json%09dumps%0Aweekly%C2%A0figures",
        "https://api.example.com/search?q=json%E3%80%80dumps",
    ):
        assert keys(url) == [("url", "api.example.com/search")], url
    # a space-cut path keeps its URL and adds no host of its own words
    assert keys("https://docs.example.com/my%20notes/report.pdf") == [
        ("url", "docs.example.com/my notes/report.pdf")
    ]
    # what such a value holds by shape or by name is still read
    assert ("email", "m@evil.example") in keys("https://x.example/s?q=a%20m%40evil.example")
    assert ("other", "mallory") in keys("https://x.example/s?to=ok%20mallory")
    assert ("host", "evil.example") in keys("https://x.example/s?next=a%20evil.example")
