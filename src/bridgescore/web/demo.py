"""Demo data: a club, its director and members, with names in both languages.

Loading it twice changes nothing.  The log-ins are printed: this is for trying the site on
one's own machine, never for a server others can reach.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from .accounts.models import Player, User
from .clubs.models import Club, Membership
from .demo_events import load_demo_events
from .demo_users import password_hash
from .events.models import Event
from .events.teams.demo import load_team_match
from .play.demo import load_play_demo
from .play.vugraph.demo import load_vugraph_match

CLUB = ("demo", "Riverside Bridge Club", "江滨桥牌俱乐部")
DIRECTOR = ("director", "Zhou Min", "周敏", "demo-director")
MEMBER_PASSWORD = "demo-member"
MEMBERS = [
    ("wangwei", "Wang Wei", "王伟"),
    ("lina", "Li Na", "李娜"),
    ("zhangmin", "Zhang Min", "张敏"),
    ("liuyang", "Liu Yang", "刘洋"),
    ("chenjing", "Chen Jing", "陈静"),
    ("yanglei", "Yang Lei", "杨磊"),
    ("zhaoli", "Zhao Li", "赵丽"),
    ("huangqiang", "Huang Qiang", "黄强"),
    ("wujun", "Wu Jun", "吴军"),
    ("xuhui", "Xu Hui", "徐慧"),
    ("sunli", "Sun Li", "孙丽"),
    ("maming", "Ma Ming", "马明"),
    ("zhuting", "Zhu Ting", "朱婷"),
    ("huyan", "Hu Yan", "胡燕"),
    ("guofeng", "Guo Feng", "郭峰"),
    ("linxue", "Lin Xue", "林雪"),
    ("heping", "He Ping", "何平"),
    ("gaojie", "Gao Jie", "高洁"),
    ("luobin", "Luo Bin", "罗斌"),
    ("liangyu", "Liang Yu", "梁宇"),
]
# Members who have no log-in: a director enters them at a session.
OFFLINE_MEMBERS = [("Sun Hua", "孙华"), ("Zhu Lan", "朱兰")]


@dataclass
class Demo:
    club: Club
    logins: list[tuple[str, str, str]] = field(default_factory=list)  # user, password, role
    events: list[Event] = field(default_factory=list)

    def lines(self, lang: str) -> list[str]:
        zh = lang.startswith("zh")
        head = (f"演示俱乐部：{self.club.name_zh}（/clubs/{self.club.slug}/）" if zh
                else f"demo club: {self.club.name_en} (/clubs/{self.club.slug}/)")
        rows = [f"  {user:<12} {password:<15} {role}" for user, password, role in self.logins]
        sessions = [f"  /events/{e.pk}/{'match/' if e.kind == Event.Kind.TEAMS else ''}  "
                    f"{e.name_in(lang)} ({e.get_status_display()})" for e in self.events]
        return [head, "登录（用户名、密码、角色）：" if zh else "log-ins (user, password, role):",
                *rows, "比赛：" if zh else "sessions:", *sessions,
                "竞赛：/compete/" if zh else "competitions: /compete/",
                "排行榜：/ratings/leaderboards/" if zh else "leaderboards: /ratings/leaderboards/"]


def _user(username: str, name_en: str, name_zh: str, password: str) -> User:
    user = User.objects.filter(username=username).first()
    if user is None:
        user = User(username=username, email=f"{username}@example.org",
                    password=password_hash(password))
        user.save()
        Player.objects.create(user=user, name_en=name_en, name_zh=name_zh)
    return user


@transaction.atomic
def load_demo() -> Demo:
    slug, name_en, name_zh = CLUB
    club, _ = Club.objects.get_or_create(slug=slug, defaults={"name_en": name_en,
                                                              "name_zh": name_zh})
    demo = Demo(club)
    username, d_en, d_zh, d_password = DIRECTOR
    director = _user(username, d_en, d_zh, d_password)
    Membership.objects.get_or_create(club=club, player=director.player,
                                     defaults={"role": Membership.Role.DIRECTOR})
    demo.logins.append((username, d_password, "director"))
    for username, m_en, m_zh in MEMBERS:
        member = _user(username, m_en, m_zh, MEMBER_PASSWORD)
        Membership.objects.get_or_create(club=club, player=member.player)
        if len(demo.logins) <= 4:  # a few are enough to print; all share the password
            demo.logins.append((username, MEMBER_PASSWORD, "member"))
    for m_en, m_zh in OFFLINE_MEMBERS:
        player = Player.objects.filter(user=None, name_en=m_en, name_zh=m_zh).first()
        if player is None:
            player = Player.objects.create(name_en=m_en, name_zh=m_zh)
        Membership.objects.get_or_create(club=club, player=player)
    players = [Player.objects.get(user__username=u) for u, _, _ in MEMBERS]
    demo.events = [*load_demo_events(club, director, players),
                   load_team_match(club, director),
                   # Robots play both rooms once the server runs: the vugraph has a match.
                   load_vugraph_match(club, director)]
    load_play_demo(club, director)  # the lobby: a table where one can play with robots
    # The competitions: a Swiss played by four pairs of members and two robot pairs, one in
    # registration.
    from .compete.demo import load_compete_demo

    load_compete_demo(club, director, [User.objects.get(username=u) for u, _, _ in MEMBERS[:8]])
    # A season of weekly Swiss events: the members' masterpoints and ranks.  In the same
    # transaction: a server running meanwhile must not see an event half made (its times
    # are past, so its clock would cut every board at once).
    from .ratings.demo import load_ratings_demo

    load_ratings_demo(club, director, [User.objects.get(username=u) for u, _, _ in MEMBERS])
    # The board pool with three weeks closed and rated: the members' Rates and history.
    from .ratings.pool_demo import load_pool_demo

    load_pool_demo(club, director, [User.objects.get(username=u) for u, _, _ in MEMBERS])
    # Player groups, a ladder with a challenge played and one waiting, a 贴点 room.
    from .compete.online.demo import load_online_demo

    load_online_demo(club, director, [User.objects.get(username=u) for u, _, _ in MEMBERS])
    return demo
