"""The citations used by the shared rules, written once so screens, API errors and tests agree.

The Delaware poker chapter as enacted leaves several paragraphs without a section number; those are
cited by the chapter and the paragraph's subject (see docs/rules.md, "Citations").
"""

BINGO_AGE = "10 DE Admin Code 101-4.3"
BINGO_WORKERS_MAY_NOT_PLAY = "10 DE Admin Code 101-4.1.1"
BINGO_MEMBER_IN_CHARGE = "10 DE Admin Code 101-4.1"
BINGO_ACTIVE_MEMBER = "10 DE Admin Code 101-4.23"
BINGO_ALTERNATE_PRIZE = "10 DE Admin Code 101-4.15"
BINGO_ATTENDANCE_PRIZE = "10 DE Admin Code 101-4.18"
BINGO_UPICK_ADDENDUM = "10 DE Admin Code 101-4.30.1.6"

POKER_SINGLE_SPONSOR = "28 Del. C. ch. 18, general provisions ¶(1)"
POKER_OCCASION_LICENSE_FEE = "28 Del. C. ch. 18, general provisions ¶(3)"
POKER_WHO_IS_LICENSED = "28 Del. C. §1831(1)"
POKER_DENIAL_WAIT = "28 Del. C. §1831(4)(d)"
POKER_PERSONAL_LICENSE = "28 Del. C. ch. 18, license contents ¶(2)"
POKER_LICENSE_TERM = "28 Del. C. ch. 18, license renewal ¶(1)"
POKER_VENDOR_LICENSED = "28 Del. C. ch. 18, third party vendors ¶(1)"
POKER_VENDOR_COMPENSATION = "28 Del. C. ch. 18, third party vendors ¶(2)"
