from resume import progress_percent, remaining_label, resume_at


def test_resume_midway():
    assert resume_at(1200, 3600) == 1200
    assert resume_at(None, 3600) == 0


def test_resume_near_end_starts_over():
    assert resume_at(3590, 3600) == 0
    assert resume_at(3570, 3600) == 0
    assert resume_at(3569, 3600) == 3569


def test_progress_percent():
    assert progress_percent(900, 3600) == 25
    assert progress_percent(None, 3600) == 0
    assert progress_percent(4000, 3600) == 100


def test_remaining_label():
    assert remaining_label(1200, 3600) == "40 min left"
    assert remaining_label(3570, 3600) == "under 1 min left"
    assert remaining_label(None, 1800) == "30 min left"
