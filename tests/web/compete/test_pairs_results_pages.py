"""A pairs event's results page and board comparison pages through the test client, in
both languages, for each reader: anonymous, a member who plays, a non-member, the director.

The rights (as the Swiss's pages, plus the administrator's publication): a members-only
event is its club's; a board's page and its cells exist only once no table can play the board
(for everyone, the director too: a director may be playing); before the director publishes
the results, only the director sees the cells, the boards and the totals and places (the
preview, with a notice): a player sees their own pair's progress, anyone else a notice."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client

from bridgescore.web.compete import services as sv
from bridgescore.web.compete.models import Competition
from bridgescore.web.play.models import PlayBoard

from ..base import PASSWORD
from .pairs_played import PlayedCase, play_howell, play_mitchell

ZH: dict[str, Any] = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
EN: dict[str, Any] = {"HTTP_ACCEPT_LANGUAGE": "en"}


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


class PairsResultsPagesTests(PlayedCase):
    def client_for(self, user: Any) -> Client:
        c = Client()
        if user is not None:
            assert c.login(username=user.username, password=PASSWORD)
        return c

    def readers(self) -> dict[str, Client]:
        return {"anonymous": self.client_for(None), "member": self.client_for(self.people[0]),
                "outsider": self.client_for(self.outsider), "director": self.client_for(self.td)}

    def codes(self, path: str) -> dict[str, int]:
        return {who: c.get(path).status_code for who, c in self.readers().items()}

    def test_during_play_a_board_is_nobodys_until_every_table_played_it(self) -> None:
        c = play_howell(self.club, self.td, self.people, until=3)  # round 4 in play
        base = f"/compete/{c.pk}"
        # Board 1 is still to be played in round 4: nobody, the director neither.
        assert self.codes(f"{base}/boards/1/") == {"anonymous": 302, "member": 403,
                                                   "outsider": 403, "director": 403}
        # Board 2's tables all played it: the director's only until publication.
        assert self.codes(f"{base}/boards/2/") == {"anonymous": 302, "member": 403,
                                                   "outsider": 403, "director": 200}
        assert self.client_for(self.td).get(f"{base}/boards/9/").status_code == 404
        page = text(self.client_for(self.td).get(f"{base}/boards/2/", **EN))
        assert "Rounds 1, 2, 3" in page and 'class="compass"' in page
        assert 'rel="prev"' not in page and 'rel="next"' not in page  # the only board shown
        # The results page: the preview totals and the board cells for the director alone;
        # a player their own pair's progress (pair 1 has played board 1 in round 1 and board
        # 2 in round 3; its round-2 board was cut; 5 boards in all, one a round).
        assert self.codes(f"{base}/results/") == {"anonymous": 302, "member": 200,
                                                  "outsider": 403, "director": 200}
        member = text(self.client_for(self.people[0]).get(f"{base}/results/", **EN))
        assert 'id="scores-unpublished"' in member and 'id="not-published"' not in member
        assert "The scores and places are shown when the director publishes" in member
        assert "Your pair (pair 1) has played 2 of its 5 boards." in member
        assert f"{base}/boards/" not in member and 'id="results"' not in member
        assert 'class="place"' not in member and "No scores yet" not in member
        zh = text(self.client_for(self.people[0]).get(f"{base}/results/", **ZH))
        assert "裁判公布成绩后才显示得分和名次" in zh and "您所在的第1对已打 5 副中的 2 副" in zh
        director = text(self.client_for(self.td).get(f"{base}/results/", **EN))
        assert f'href="{base}/boards/2/"' in director and f"{base}/boards/1/" not in director
        assert 'id="not-published"' in director and 'id="results"' in director
        assert 'id="my-progress"' not in director
        # The event page likewise: the director's scores, the member's progress.
        event = text(self.client_for(self.people[0]).get(f"{base}/?part=live", **EN))
        assert 'id="standings"' not in event and "has played 2 of its 5 boards" in event
        event = text(self.client_for(self.td).get(f"{base}/?part=live", **EN))
        assert 'id="standings"' in event and 'id="scores-unpublished"' not in event

    def test_a_published_howell_in_both_languages(self) -> None:
        c = play_howell(self.club, self.td, self.people, publish=True)
        base = f"/compete/{c.pk}"
        for n in (1, 4):
            assert self.codes(f"{base}/boards/{n}/") == {"anonymous": 302, "member": 200,
                                                         "outsider": 403, "director": 200}
        m = self.client_for(self.people[0])
        en = text(m.get(f"{base}/results/", **EN))
        assert 'id="not-published"' not in en and 'id="results"' in en
        rows = re.findall(r'<tr class="[^"]*" data-pair="(\d)"><td [^>]*class="key place">([^<]*)</td>'
                          r'.*?<td [^>]*class="key num total">([^<]*)</td><td [^>]*class="key num pct">([^<]*)'
                          r'</td><td [^>]*class="num">(\d+)</td>', en)
        assert rows[0][:2] == ("3", "1") and rows[0][3] == "71.88"
        assert [r[0] for r in rows][4:] == ["2", "1"]
        # Pair 2's cells (hand-worked in test_pairs_boards), each linked to its board.
        row = re.search(r'data-pair="2">(.*?)</tr>', en)
        assert row is not None
        cells = re.findall(r'<td [^>]*class="num cell" data-board="(\d)"><a href="([^"]+)">'
                           r'([^<]*)</a></td>', row.group(1))
        assert cells == [(str(b), f"{base}/boards/{b}/", v) for b, v in
                         zip(range(1, 6), ["0.00", "1.00", "2.40", "0.50", "1.00"], strict=True)]
        # Pair 1 sat out board 4 (cut): a ✂ linked to the board.
        row = re.search(r'data-pair="1">(.*?)</tr>', en)
        assert row is not None and f'href="{base}/boards/4/" title="cut when its round ended">✂' \
            in row.group(1)
        assert "Each board: the pair's MP, linked to all the board's results" in en
        zh = text(m.get(f"{base}/results/", **ZH))
        assert "每副牌：该对的比赛分" in zh and "会员1、会员2" in zh
        # The Neuberg board, in both languages.
        board = text(m.get(f"{base}/boards/4/", **EN))
        assert "Rounds 1, 2, 4" in board and "Table 3 · Round 2" in board
        assert "Cut at the bell: not played, not scored." in board
        assert ("Neuberg (2 results where 3 are expected): (2 + 1) × 3 ÷ 2 − 1 = 3.5 MP "
                "(top 4)") in board
        assert "NS score" in board and 'class="compass"' in board
        assert f'href="{base}/boards/3/"' in board and f'href="{base}/boards/5/"' in board
        zh = text(m.get(f"{base}/boards/4/", **ZH))
        assert "第1、2、4轮" in zh and "Neuberg 折算（实有 2 个结果，应有 3 个）" in zh
        assert "东西：4 − 0.5 = 3.5 比赛分" in zh
        # The adjusted board and the game record of the board passed out at its table.
        board = text(m.get(f"{base}/boards/3/", **EN))
        assert "A+/A-" in board and "NS A+: 60% × 4 = 2.4 MP" in board
        board = text(m.get(f"{base}/boards/2/", **EN))
        assert board.count('class="record-link"') == 1

    def test_a_published_mitchell_shows_two_fields(self) -> None:
        c = play_mitchell(self.club, self.td, self.people, publish=True)
        base = f"/compete/{c.pk}"
        m = self.client_for(self.people[10])
        en = text(m.get(f"{base}/results/", **EN))
        assert 'id="results-ns"' in en and 'id="results-ew"' in en and 'id="results"' not in en
        assert "North–South pairs" in en and "East–West pairs" in en
        assert "the North–South and the East–West pairs are ranked apart" in en
        ns = en[en.index('id="results-ns"'):en.index('id="results-ew"')]
        ew = en[en.index('id="results-ew"'):]
        assert sorted(re.findall(r'data-pair="(\d)"', ns)) == ["1", "2", "3"]
        assert sorted(re.findall(r'data-pair="(\d)"', ew)) == ["4", "5", "6"]
        assert ew.count('class="mine') == 1  # people[10] is in pair 6 (EW)
        zh = text(m.get(f"{base}/results/", **ZH))
        assert "南北方向" in zh and "东西方向" in zh and "双冠军：南北对与东西对分别排名。" in zh
        board = text(m.get(f"{base}/boards/1/", **EN))
        assert "Rounds 1, 2, 3" in board and "beats" in board and "EW: 4 − " in board
        # Board 4 never started at a table (the director entered its results): its hands
        # come from the competition's deals.
        assert not PlayBoard.objects.filter(table__competition_table__competition=c,
                                            number=4).exists()
        board = text(m.get(f"{base}/boards/4/", **EN))
        assert 'class="compass"' in board and ('id="dd"' in board or 'id="dd-note"' in board)
        assert self.codes(f"{base}/boards/6/") == {"anonymous": 302, "member": 200,
                                                   "outsider": 403, "director": 200}

    def test_an_event_open_to_all_after_and_before_publication(self) -> None:
        c = play_howell(self.club, self.td, self.people)
        Competition.objects.filter(pk=c.pk).update(members_only=False)
        base = f"/compete/{c.pk}"
        # Complete, not published: the director sees the preview and the boards; anyone
        # else a notice, with no totals, places or boards.
        assert self.codes(f"{base}/boards/4/") == {"anonymous": 403, "member": 403,
                                                   "outsider": 403, "director": 200}
        anon = text(Client().get(f"{base}/results/", **EN))
        assert 'id="scores-unpublished"' in anon and f"{base}/boards/" not in anon
        assert 'id="results"' not in anon and 'id="my-progress"' not in anon
        outsider = text(self.client_for(self.outsider).get(f"{base}/?part=live", **EN))
        assert 'id="standings"' not in outsider and 'id="scores-unpublished"' in outsider
        sv.act(c, {"type": "publish"}, self.td)
        assert self.codes(f"{base}/boards/4/") == {"anonymous": 200, "member": 200,
                                                   "outsider": 200, "director": 200}
        anon = text(Client().get(f"{base}/results/", **ZH))
        assert f'href="{base}/boards/4/"' in anon and "南北得" not in anon
        assert "南北得" in text(Client().get(f"{base}/boards/1/", **ZH))  # the arithmetic
